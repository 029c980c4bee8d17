import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import {
  ChevronRightIcon,
  CreditCardIcon,
  FileTextIcon,
  type LucideIcon,
  PlusIcon,
  SmartphoneIcon,
  StoreIcon,
  UtensilsIcon,
} from 'lucide-react'
import { useState } from 'react'
import { programTypePurposes, typeSlugName } from '~/components/shared/program-labels.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'
import { type ProgramTypeSlug, programTypeSlugs } from './queries.ts'

export const programTypeIcons: Record<ProgramTypeSlug, LucideIcon> = {
  card: CreditCardIcon,
  cm: FileTextIcon,
  pm: SmartphoneIcon,
  food: UtensilsIcon,
  'food-court': StoreIcon,
}

/** "New program": the owner picks one of the five types, then the creation wizard of that type opens. */
export function NewProgramButton({ size = 'md' }: { size?: 'md' | 'sm' }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const { i18n } = useLingui()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size={size} disabled={!hydrated} data-testid="new-program">
          <PlusIcon aria-hidden="true" />
          <Trans>New program</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="new-program-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>New program</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Choose what kind of program you want to run. You can save it as a draft at every step.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {programTypeSlugs.map((slug) => {
            const Icon = programTypeIcons[slug]
            return (
              <li key={slug}>
                <Link
                  to="/programs/$type/new"
                  params={{ type: slug }}
                  onClick={() => setOpen(false)}
                  data-testid={`new-program-${slug}`}
                  className="group flex items-center gap-3 rounded-lg border px-4 py-3 transition-colors hover:border-primary-300 hover:bg-primary-50/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                >
                  <span className="grid size-10 shrink-0 place-content-center rounded-full bg-primary-50 text-primary-600">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium">{i18n._(typeSlugName(slug))}</span>
                    <span className="text-[13px] text-muted-foreground">
                      {i18n._(programTypePurposes[slug])}
                    </span>
                  </span>
                  <ChevronRightIcon
                    aria-hidden="true"
                    className="size-4 text-muted-foreground group-hover:text-primary-600"
                  />
                </Link>
              </li>
            )
          })}
        </ul>
      </DialogContent>
    </Dialog>
  )
}
