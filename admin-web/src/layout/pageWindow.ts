/** Spec 9 Users table: a window of at most `size` page numbers around the current page. */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Spec 9 Default user sort: date and login columns start descending, others ascending on first click. */
export function nextSortOrder(
  current: { field: string; order: 'ASC' | 'DESC' },
  field: string,
  firstOrder: 'ASC' | 'DESC',
): 'ASC' | 'DESC' {
  if (current.field !== field) return firstOrder;
  return current.order === 'ASC' ? 'DESC' : 'ASC';
}
