/** The Refined Images panel keeps the 9 most recent results, 3 per page (docs/spec.md §9). */
export const GALLERY_LIMIT = 9;
export const PAGE_SIZE = 3;

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  /** The pager shows only when there is more than one page. */
  showPager: boolean;
  label: string;
}

/** The items of a page (clamped into range) and its 'N of M' label. */
export function pageOf<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  return {
    items: items.slice(current * size, current * size + size),
    page: current,
    pageCount,
    showPager: items.length > size,
    label: `${current + 1} of ${pageCount}`,
  };
}
