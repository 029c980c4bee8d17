import { Trans } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu.tsx'

export interface ColumnChoice {
  id: string
  name: string
  visible: boolean
  toggle: (visible: boolean) => void
}

/**
 * The data table's column menu: a checkbox per column that may be hidden. Loaded on first use
 * (ui/deferred-menu.tsx), so a list page does not carry the dropdown's code.
 */
export function ColumnMenu({ trigger, columns }: { trigger: ReactElement; columns: ColumnChoice[] }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <Trans>Show columns</Trans>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.visible}
            onCheckedChange={(checked) => column.toggle(checked)}
            onSelect={(e) => e.preventDefault()}
            data-testid={`column-${column.id}`}
          >
            {column.name}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
