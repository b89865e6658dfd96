import type { Product } from '../../demo/index.ts';

export type SortKey = 'code' | 'name' | 'price' | 'category' | 'rating' | 'inventoryStatus';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Products whose code, name or category contains every word of the query, case and accents aside. */
export function filterProducts(products: readonly Product[], query: string): Product[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...products];
  return products.filter((p) => {
    const haystack = fold(`${p.code} ${p.name} ${p.category}`);
    return words.every((word) => haystack.includes(word));
  });
}

export function sortProducts(products: readonly Product[], sort: Sort | null): Product[] {
  if (!sort) return [...products];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...products].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    return order * factor;
  });
}

/** The next sort when a column header is pressed: ascending, descending, then none. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page, 1-based; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const last = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * pageSize, current * pageSize);
}

export const inventoryStatusOf = (quantity: number): Product['inventoryStatus'] =>
  quantity <= 0 ? 'OUTOFSTOCK' : quantity < 10 ? 'LOWSTOCK' : 'INSTOCK';
