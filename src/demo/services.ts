/**
 * One function per demo data file of spec §7. Each returns the file's list
 * and rejects with a DemoDataError the page can show.
 */
import { loadDemoList } from './demoData.ts';
import type { Country, Customer, FileNode, FileSystemNode, IconEntry, Photo, Product, ProductWithOrders, ScheduleEvent } from './types.ts';

type Load<T> = (signal?: AbortSignal) => Promise<T[]>;
const list =
  <T>(name: string, field: 'data' | 'icons' = 'data'): Load<T> =>
  (signal) =>
    loadDemoList<T>(name, field, signal);

export const getCountries = list<Country>('countries');

export const getCustomersSmall = list<Customer>('customers-small');
export const getCustomersMedium = list<Customer>('customers-medium');
export const getCustomersLarge = list<Customer>('customers-large');

export const getIcons = list<IconEntry>('icons', 'icons');

export const getFiles = list<FileNode>('files');
export const getLazyFiles = list<FileNode>('files-lazy');
export const getFileSystem = list<FileSystemNode>('filesystem');
export const getLazyFileSystem = list<FileSystemNode>('filesystem-lazy');

export const getPhotos = list<Photo>('photos');

export const getProductsSmall = list<Product>('products-small');
export const getProducts = list<Product>('products');
export const getProductsMixed = list<Product>('products-mixed');
export const getProductsWithOrdersSmall = list<ProductWithOrders>('products-orders-small');

export const getScheduleEvents = list<ScheduleEvent>('scheduleevents');

/** The URL of a product's picture. */
export const productImageUrl = (product: Pick<Product, 'image'>) => `/assets/demo/images/product/${product.image}`;

/**
 * The children of one node of a lazy tree, found in the full file: what a
 * server would answer when a folder is opened.
 */
export async function getFileChildren(key: string, signal?: AbortSignal): Promise<FileNode[]> {
  return findByKey(await getFiles(signal), key)?.children ?? [];
}

export async function getFileSystemChildren(key: string, signal?: AbortSignal): Promise<FileSystemNode[]> {
  return findByKey(await getFileSystem(signal), key)?.children ?? [];
}

function findByKey<T extends { key: string; children?: T[] }>(nodes: readonly T[], key: string): T | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = node.children && findByKey(node.children, key);
    if (found) return found;
  }
  return undefined;
}
