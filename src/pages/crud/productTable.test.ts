import { describe, expect, it } from 'vitest';
import type { Product } from '../../demo/index.ts';
import { csvField, toCsv } from './csv.ts';
import { filterProducts, inventoryStatusOf, nextSort, pageCount, pageOf, sortProducts } from './productTable.ts';

const product = (name: string, price: number, category = 'Home', code = name.slice(0, 3).toLowerCase()): Product => ({
  id: name,
  code,
  name,
  description: '',
  image: '',
  price,
  category,
  quantity: 5,
  inventoryStatus: 'LOWSTOCK',
  rating: 3,
});

const list = [product('Yoga Mat', 42, 'Fitness'), product('Crème Brûlée Set', 30), product('canvas tote', 29, 'Accessories')];

describe('searching products', () => {
  it('matches every word in code, name or category, ignoring case and accents', () => {
    expect(filterProducts(list, 'creme').map((p) => p.name)).toEqual(['Crème Brûlée Set']);
    expect(filterProducts(list, 'TOTE accessories').map((p) => p.name)).toEqual(['canvas tote']);
    expect(filterProducts(list, 'yog')).toHaveLength(1);
    expect(filterProducts(list, '  ')).toHaveLength(3);
    expect(filterProducts(list, 'mat fitness nothing')).toHaveLength(0);
  });
});

describe('sorting products', () => {
  it('sorts numbers as numbers and text without regard to case', () => {
    expect(sortProducts(list, { key: 'price', direction: 'asc' }).map((p) => p.price)).toEqual([29, 30, 42]);
    expect(sortProducts(list, { key: 'name', direction: 'asc' }).map((p) => p.name)).toEqual([
      'canvas tote',
      'Crème Brûlée Set',
      'Yoga Mat',
    ]);
    expect(sortProducts(list, { key: 'name', direction: 'desc' }).map((p) => p.name)[0]).toBe('Yoga Mat');
    expect(sortProducts(list, null)).toEqual(list);
  });

  it('cycles a column through ascending, descending and unsorted', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ key: 'price', direction: 'asc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  it('cuts pages and keeps a page past the end on the last one', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(rows, 1, 10)).toEqual(rows.slice(0, 10));
    expect(pageOf(rows, 3, 10)).toEqual([20, 21, 22]);
    expect(pageOf(rows, 9, 10)).toEqual([20, 21, 22]);
  });
});

describe('stock status', () => {
  it('follows the quantity', () => {
    expect(inventoryStatusOf(0)).toBe('OUTOFSTOCK');
    expect(inventoryStatusOf(9)).toBe('LOWSTOCK');
    expect(inventoryStatusOf(10)).toBe('INSTOCK');
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and ends lines with CRLF', () => {
    const csv = toCsv(
      [{ name: 'Mat, "pro"', price: 42 }],
      [
        { header: 'Name', value: (r) => r.name },
        { header: 'Price', value: (r) => r.price },
      ],
    );
    expect(csv).toBe('Name,Price\r\n"Mat, ""pro""",42\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});
