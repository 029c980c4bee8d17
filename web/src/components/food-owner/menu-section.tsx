import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowUpDownIcon, CheckIcon, ImageIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Input } from '~/components/ui/input.tsx'
import { fieldIssueMessage } from '~/lib/api-messages.ts'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { checkCategory } from '../../../../modules/food/shared.ts'
import {
  addCategory,
  categoriesQueryOptions,
  deleteCategory,
  deleteProduct,
  type FoodCategory,
  type FoodProduct,
  menuChanged,
  productsQueryOptions,
  renameCategory,
} from './api.ts'
import { foodErrorMessage, unitNames } from './form-parts.tsx'
import { ProductForm } from './product-form.tsx'

// Drag and drop is only needed while reordering: its library loads then, not with the page.
const SortableMenu = lazy(() => import('./sortable-menu.tsx'))

/**
 * The menu of a restaurant (spec food.md section 3): its categories, each with its products in
 * the owner's order; add, rename and delete categories (only empty ones), add, change and delete
 * products, and reorder both by drag and drop or keyboard (`products/order`). For the owner and
 * the acceptors working at the restaurant.
 */
export function MenuEditor({ program, currency }: { program: string; currency: string }) {
  const categories = useQuery(categoriesQueryOptions(program))
  const products = useQuery(productsQueryOptions(program))
  const [reordering, setReordering] = useState(false)
  const [editing, setEditing] = useState<{ product: FoodProduct | null; category: string } | null>(null)

  if (categories.isPending || products.isPending) return <RowsSkeleton rows={4} />
  if (categories.isError || products.isError)
    return (
      <LoadError
        onRetry={() => {
          void categories.refetch()
          void products.refetch()
        }}
      />
    )
  const byCategory = (uuid: string) => products.data.filter((p) => p.category_uuid === uuid)

  return (
    <div className="grid min-w-0 gap-5" data-testid="menu-editor">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AddCategory program={program} />
        {categories.data.length > 0 && (
          <Button
            type="button"
            variant={reordering ? 'primary' : 'outline'}
            onClick={() => setReordering((r) => !r)}
            aria-pressed={reordering}
            data-testid="menu-reorder"
          >
            {reordering ? <CheckIcon aria-hidden="true" /> : <ArrowUpDownIcon aria-hidden="true" />}
            {reordering ? <Trans>Done reordering</Trans> : <Trans>Reorder</Trans>}
          </Button>
        )}
      </div>
      {categories.data.length === 0 && (
        <p
          className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground"
          data-testid="menu-empty"
        >
          <Trans>No categories yet. Add one, such as "Starters", then its dishes.</Trans>
        </p>
      )}
      {reordering ? (
        <Suspense fallback={<RowsSkeleton rows={categories.data.length} />}>
          <SortableMenu program={program} categories={categories.data} products={products.data} />
        </Suspense>
      ) : (
        <ol className="grid gap-4">
          {categories.data.map((c) => (
            <li key={c.uuid} className="rounded-lg border" data-testid="menu-category" data-title={c.title}>
              <CategoryHeader program={program} category={c} />
              <ul className="divide-y">
                {byCategory(c.uuid).map((p) => (
                  <ProductRow
                    key={p.uuid}
                    program={program}
                    product={p}
                    currency={currency}
                    onEdit={() => setEditing({ product: p, category: c.uuid })}
                  />
                ))}
              </ul>
              <div className="border-t px-3 py-2.5">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ product: null, category: c.uuid })}
                  data-testid="menu-add-product"
                >
                  <PlusIcon aria-hidden="true" />
                  <Trans>Add a product</Trans>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl" data-testid="product-dialog">
          <DialogHeader>
            <DialogTitle>
              {editing?.product ? <Trans>Change product</Trans> : <Trans>New product</Trans>}
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Variant and extra rows are saved when all their fields are filled in; empty rows are left out.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {editing && (
            <ProductForm
              program={program}
              product={editing.product}
              category={editing.category}
              categories={categories.data}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  )
}

function AddCategory({ program }: { program: string }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [title, setTitle] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const [first] = checkCategory({ title })
    if (first) {
      setProblem(i18n._(fieldIssueMessage({ code: first.code }, i18n.locale)))
      return
    }
    setSaving(true)
    try {
      await addCategory(program, title.trim())
      setTitle('')
      setProblem(null)
      menuChanged(queryClient, program)
    } catch (error) {
      notify.error(foodErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid min-w-0 flex-1 basis-64 gap-1.5 sm:max-w-md"
      data-testid="menu-add-category"
    >
      <label htmlFor="menu-category-title" className="text-sm font-medium">
        <Trans>New category</Trans>
      </label>
      <div className="flex gap-2">
        <Input
          id="menu-category-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={255}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'menu-category-error' : undefined}
          data-testid="menu-category-title"
        />
        <Button
          type="submit"
          variant="outline"
          disabled={saving || !hydrated}
          data-testid="menu-category-add"
        >
          <PlusIcon aria-hidden="true" />
          <Trans>Add</Trans>
        </Button>
      </div>
      {problem && (
        <p id="menu-category-error" className="text-[13px] text-destructive" role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}

function CategoryHeader({ program, category }: { program: string; category: FoodCategory }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [renaming, setRenaming] = useState(false)
  const name = category.title
  const [title, setTitle] = useState(category.title)
  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (checkCategory({ title }).length) return
    try {
      await renameCategory(category.uuid, title.trim())
      menuChanged(queryClient, program)
      setRenaming(false)
    } catch (error) {
      notify.error(foodErrorMessage(error))
    }
  }
  const remove = async () => {
    try {
      await deleteCategory(category.uuid)
      menuChanged(queryClient, program)
      notify.success(msg`Category deleted`)
    } catch (error) {
      notify.error(foodErrorMessage(error))
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/30 px-3 py-2.5">
      {renaming ? (
        <form onSubmit={save} className="flex min-w-0 flex-1 gap-2">
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-label={t`Category name`}
            className="h-9"
            autoFocus
          />
          <Button type="submit" size="sm">
            <Trans>Save</Trans>
          </Button>
        </form>
      ) : (
        <h3 className="min-w-0 font-medium break-words">
          {category.title}{' '}
          <span className="text-[13px] font-normal text-muted-foreground">({category.products_count})</span>
        </h3>
      )}
      <div className="flex gap-1">
        {!renaming && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => setRenaming(true)}
            aria-label={t`Rename ${name}`}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
        )}
        <ConfirmButton
          variant="ghost"
          size="icon"
          destructive
          disabled={category.products_count > 0}
          title={<Trans>Delete this category?</Trans>}
          description={<Trans>Only an empty category can be deleted.</Trans>}
          confirmLabel={<Trans>Delete category</Trans>}
          onConfirm={remove}
        >
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only">
            <Trans>Delete {name}</Trans>
          </span>
        </ConfirmButton>
      </div>
    </div>
  )
}

function ProductRow({
  program,
  product,
  currency,
  onEdit,
}: {
  program: string
  product: FoodProduct
  currency: string
  onEdit: () => void
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const remove = async () => {
    try {
      await deleteProduct(product.uuid)
      menuChanged(queryClient, program)
      notify.success(msg`Product deleted`)
    } catch (error) {
      notify.error(foodErrorMessage(error))
    }
  }
  const unit = unitNames[product.unit]
  const name = product.title
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="menu-product" data-title={product.title}>
      <ProductThumb product={product} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium break-words">
          {product.title}
          {!product.is_active && (
            <Badge variant="secondary">
              <Trans>Inactive</Trans>
            </Badge>
          )}
        </p>
        <p className="text-[13px] text-muted-foreground">
          {formatMoney(product.price, currency, i18n.locale)} · {product.quantity}{' '}
          {unit ? i18n._(unit) : product.unit}
          {product.variants.length > 0 && (
            <>
              {' '}
              · <Plural value={product.variants.length} one="# variant" other="# variants" />
            </>
          )}
          {product.extras.length > 0 && (
            <>
              {' '}
              · <Plural value={product.extras.length} one="# extra" other="# extras" />
            </>
          )}
        </p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onEdit}
        aria-label={t`Change ${name}`}
        data-testid="menu-product-edit"
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <ConfirmButton
        variant="ghost"
        size="icon"
        destructive
        title={<Trans>Delete this product?</Trans>}
        description={<Trans>It disappears from the menu. This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete product</Trans>}
        onConfirm={remove}
      >
        <Trash2Icon aria-hidden="true" />
        <span className="sr-only">
          <Trans>Delete {name}</Trans>
        </span>
      </ConfirmButton>
    </li>
  )
}

export function ProductThumb({ product }: { product: FoodProduct }): ReactNode {
  return product.image ? (
    <img
      src={product.image.url}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 shrink-0 rounded-md border object-cover"
    />
  ) : (
    <span className="grid size-12 shrink-0 place-content-center rounded-md border border-dashed text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-4" />
    </span>
  )
}

/** The menu as a card of the program's page (owner) or the acceptor's program page (staff). */
export function MenuCard({ program, currency }: { program: string; currency: string }) {
  return (
    <Card data-testid="food-menu">
      <CardHeader>
        <CardTitle>
          <Trans>Menu</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Categories and their products, in the order guests see them.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <MenuEditor program={program} currency={currency} />
      </CardContent>
    </Card>
  )
}
