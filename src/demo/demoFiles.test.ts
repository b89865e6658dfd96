/**
 * The demo data files as shipped: each has the shape spec §7 gives and the
 * pages rely on, points only at pictures that exist, and stays small.
 */
import { describe, expect, it } from 'vitest';
import type { Customer, FileNode, FileSystemNode, IconEntry, Photo, Product, ProductWithOrders, ScheduleEvent } from './types.ts';

const raw = import.meta.glob<string>('../../public/assets/demo/data/*.json', { query: '?raw', import: 'default', eager: true });
const images = Object.keys(import.meta.glob('../../public/assets/demo/images/**/*.svg')).map((path) => path.replace('../../public', ''));
const files = Object.fromEntries(Object.entries(raw).map(([path, text]) => [path.split('/').pop()!.replace('.json', ''), text]));
const listOf = <T>(name: string, field = 'data'): T[] => (JSON.parse(files[name]!) as Record<string, T[]>)[field]!;

const EXPECTED = [
  'countries',
  'customers-small',
  'customers-medium',
  'customers-large',
  'icons',
  'files',
  'files-lazy',
  'filesystem',
  'filesystem-lazy',
  'photos',
  'products-small',
  'products',
  'products-mixed',
  'products-orders-small',
  'scheduleevents',
];

describe('the demo data files', () => {
  it('are all there, each a non-empty list under "data" (icons under "icons")', () => {
    expect(Object.keys(files).sort()).toEqual([...EXPECTED].sort());
    for (const name of EXPECTED) {
      const body = JSON.parse(files[name]!) as Record<string, unknown>;
      const field = name === 'icons' ? 'icons' : 'data';
      expect(Object.keys(body), name).toEqual([field]);
      expect((body[field] as unknown[]).length, name).toBeGreaterThan(0);
    }
  });

  it('stay well under 1 MB together', () => {
    const bytes = Object.values(files).reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
    expect(bytes).toBeLessThan(400_000);
  });

  it('hold customers with unique ids and well-formed fields', () => {
    for (const name of ['customers-small', 'customers-medium', 'customers-large']) {
      const customers = listOf<Customer>(name);
      expect(new Set(customers.map((c) => c.id)).size, name).toBe(customers.length);
      for (const c of customers) {
        expect(c.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(c.country.code).toMatch(/^[A-Z]{2}$/);
        expect(c.activity).toBeGreaterThanOrEqual(0);
        expect(c.activity).toBeLessThanOrEqual(100);
        expect(['unqualified', 'qualified', 'new', 'negotiation', 'renewal', 'proposal']).toContain(c.status);
      }
    }
  });

  it('hold products whose stock status matches their quantity and whose pictures exist', () => {
    for (const name of ['products', 'products-small', 'products-mixed', 'products-orders-small']) {
      for (const p of listOf<Product>(name)) {
        const expected = p.quantity === 0 ? 'OUTOFSTOCK' : p.quantity < 10 ? 'LOWSTOCK' : 'INSTOCK';
        expect(p.inventoryStatus, `${name}: ${p.name}`).toBe(expected);
        expect(p.price).toBeGreaterThan(0);
        expect(p.rating).toBeGreaterThanOrEqual(0);
        expect(p.rating).toBeLessThanOrEqual(5);
        expect(images).toContain(`/assets/demo/images/product/${p.image}`);
      }
    }
    for (const p of listOf<ProductWithOrders>('products-orders-small')) {
      expect(p.orders.length).toBeGreaterThan(0);
      for (const order of p.orders) expect(order.productCode).toBe(p.code);
    }
  });

  it('hold lazy trees whose folders can be found in the full ones', () => {
    const keys = (nodes: { key: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.key, ...keys((n.children ?? []) as { key: string; children?: unknown[] }[])]);
    const pairs: [string, string][] = [
      ['files-lazy', 'files'],
      ['filesystem-lazy', 'filesystem'],
    ];
    for (const [lazy, full] of pairs) {
      const fullKeys = keys(listOf<FileNode | FileSystemNode>(full));
      for (const node of listOf<FileNode | FileSystemNode>(lazy)) {
        expect(node.leaf).toBe(false);
        expect(node.children).toBeUndefined();
        expect(fullKeys).toContain(node.key);
      }
    }
  });

  it('hold photos and icons the pages can draw', () => {
    for (const photo of listOf<Photo>('photos')) {
      expect(images).toContain(photo.itemImageSrc);
      expect(photo.alt.length).toBeGreaterThan(0);
    }
    const icons = listOf<IconEntry>('icons', 'icons');
    expect(new Set(icons.map((i) => i.name)).size).toBe(icons.length);
    for (const icon of icons) expect(icon.nodes.length).toBeGreaterThan(0);
  });

  it('hold schedule events that start before they end', () => {
    for (const event of listOf<ScheduleEvent>('scheduleevents')) {
      expect(Number.isNaN(Date.parse(event.start))).toBe(false);
      if (event.end) expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start));
    }
  });
});
