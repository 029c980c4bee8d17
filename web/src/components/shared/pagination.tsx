import { DataTablePagination } from '~/components/ui/data-table-pagination.tsx'

/**
 * Previous and next page of a list in the API's wrapper, with where we are: the data table's
 * pagination, for lists that are not a data table.
 */
export function Pagination({
  page,
  pages,
  count,
  onPageChange,
  disabled,
}: {
  page: number
  pages: number
  count: number
  onPageChange: (page: number) => void
  disabled?: boolean
}) {
  if (pages <= 1) return null
  return (
    <DataTablePagination
      page={page}
      pages={pages}
      count={count}
      canPrevious={page > 1}
      canNext={page < pages}
      onPrevious={() => onPageChange(page - 1)}
      onNext={() => onPageChange(page + 1)}
      disabled={disabled}
    />
  )
}
