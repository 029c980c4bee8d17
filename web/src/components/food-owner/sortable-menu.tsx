import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { GripVerticalIcon } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { notify } from '~/lib/notify.tsx'
import { cn } from '~/lib/utils.ts'
import { type FoodCategory, type FoodProduct, foodKeys, menuChanged, saveOrder } from './api.ts'
import { foodErrorMessage } from './form-parts.tsx'
import { ProductThumb } from './menu-section.tsx'

/**
 * The menu while it is being reordered (loaded only then: @dnd-kit): categories, and the products
 * within each category, dragged by their handle, or moved by keyboard (Tab to a handle, Space to
 * pick it up, the arrow keys, Space to drop, Escape to cancel). Every drop saves the new order of
 * that list at once (`POST food/products/order`); a refusal puts the saved order back.
 */
export default function SortableMenu({
  program,
  categories,
  products,
}: {
  program: string
  categories: FoodCategory[]
  products: FoodProduct[]
}) {
  const queryClient = useQueryClient()
  const [order, setOrder] = useState(() => categories.map((c) => c.uuid))
  const [productOrder, setProductOrder] = useState(() => groupProducts(categories, products))
  useEffect(() => setOrder(categories.map((c) => c.uuid)), [categories])
  useEffect(() => setProductOrder(groupProducts(categories, products)), [categories, products])
  const accessibility = useDndWords()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const byUuid = useMemo(() => new Map(products.map((p) => [p.uuid, p])), [products])
  const categoryOf = useMemo(() => new Map(categories.map((c) => [c.uuid, c])), [categories])

  const save = async (entries: Parameters<typeof saveOrder>[1]) => {
    try {
      const saved = await saveOrder(program, entries)
      queryClient.setQueryData(foodKeys.categories(program), saved)
      void queryClient.invalidateQueries({ queryKey: foodKeys.products(program) })
    } catch (error) {
      notify.error(foodErrorMessage(error))
      menuChanged(queryClient, program)
    }
  }

  const moveCategory = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)))
    setOrder(next)
    void save(next.map((uuid, index) => ({ category_uuid: uuid, index })))
  }

  const moveProduct =
    (category: string) =>
    ({ active, over }: DragEndEvent) => {
      const list = productOrder[category] ?? []
      if (!over || active.id === over.id) return
      const next = arrayMove(list, list.indexOf(String(active.id)), list.indexOf(String(over.id)))
      setProductOrder((all) => ({ ...all, [category]: next }))
      void save(next.map((uuid, index) => ({ product_uuid: uuid, index })))
    }

  return (
    <div className="grid gap-3" data-testid="menu-sortable">
      <p className="text-sm text-muted-foreground" id="menu-sort-help">
        <Trans>
          Drag a handle to move a category or a product, or use the keyboard: Space to pick up, the arrow keys
          to move, Space to drop. Each move is saved at once.
        </Trans>
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={moveCategory}
        accessibility={accessibility}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-3">
            {order.map((uuid) => {
              const category = categoryOf.get(uuid)
              if (!category) return null
              const items = productOrder[uuid] ?? []
              return (
                <SortableRow
                  key={uuid}
                  id={uuid}
                  label={category.title}
                  testId="sort-category"
                  className="rounded-lg border"
                >
                  <p className="py-2 font-medium">{category.title}</p>
                  <DndContext
                    sensors={sensors}
                    collisionDetection={closestCenter}
                    onDragEnd={moveProduct(uuid)}
                    accessibility={accessibility}
                  >
                    <SortableContext items={items} strategy={verticalListSortingStrategy}>
                      <ol className="grid gap-1.5 pb-3">
                        {items.map((id) => {
                          const product = byUuid.get(id)
                          if (!product) return null
                          return (
                            <SortableRow
                              key={id}
                              id={id}
                              label={product.title}
                              testId="sort-product"
                              className="rounded-md border bg-background"
                            >
                              <div className="flex items-center gap-3 py-1.5">
                                <ProductThumb product={product} />
                                <span className="text-sm break-words">{product.title}</span>
                              </div>
                            </SortableRow>
                          )
                        })}
                      </ol>
                    </SortableContext>
                  </DndContext>
                </SortableRow>
              )
            })}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  )
}

function groupProducts(categories: FoodCategory[], products: FoodProduct[]): Record<string, string[]> {
  return Object.fromEntries(
    categories.map((c) => [
      c.uuid,
      products
        .filter((p) => p.category_uuid === c.uuid)
        .sort((a, b) => a.position - b.position)
        .map((p) => p.uuid),
    ]),
  )
}

function SortableRow({
  id,
  label,
  testId,
  className,
  children,
}: {
  id: string
  label: string
  testId: string
  className?: string
  children: ReactNode
}) {
  const { t } = useLingui()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex min-w-0 items-start gap-1 pr-3',
        isDragging && 'relative z-10 shadow-lg',
        className,
      )}
      data-testid={testId}
      data-title={label}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-describedby="menu-sort-help"
        aria-label={t`Move ${label}`}
        className="mt-1 grid size-10 shrink-0 cursor-grab touch-none place-content-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none"
        data-testid={`${testId}-handle`}
      >
        <GripVerticalIcon aria-hidden="true" className="size-4" />
      </button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  )
}

/** What a screen reader hears while moving (dnd-kit's English defaults replaced). */
function useDndWords(): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const { t } = useLingui()
  return {
    screenReaderInstructions: {
      draggable: t`To pick up an item, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.`,
    },
    announcements: {
      onDragStart: () => t`Picked up.`,
      onDragOver: ({ over }) => (over ? t`Moved.` : t`Not over a place to drop.`),
      onDragEnd: ({ over }) => (over ? t`Dropped.` : t`Dropped where it was.`),
      onDragCancel: () => t`Moving cancelled.`,
    },
  }
}
