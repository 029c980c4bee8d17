import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names (clsx): strings, `condition && 'class'`, arrays and `{ class: condition }`.
 *
 * Nothing is merged: two utilities for the same property (`gap-4` and `gap-6`) would both be in the
 * list, and the stylesheet's order, not the list's, would decide. So a class list never holds two
 * utilities for one property: a state picks one of its own (`active ? 'bg-primary' : 'bg-muted'`),
 * a component offers variants (`<Button variant="link" size={null}>`), and where callers adjust a
 * component's spacing, size or colour the component gives that default with the `default:` variant
 * (app.css; `default:gap-6`, no specificity), which any plain class of the caller overrides.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
