/** The records of the demo data files in public/assets/demo/data/. */

export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2 */
  code: string;
}

export type CustomerStatus = 'unqualified' | 'qualified' | 'new' | 'negotiation' | 'renewal' | 'proposal';

export interface Customer {
  id: number;
  name: string;
  country: Country;
  company: string;
  /** ISO date, yyyy-mm-dd */
  date: string;
  status: CustomerStatus;
  verified: boolean;
  /** 0 to 100 */
  activity: number;
  representative: { name: string };
  balance: number;
}

export type InventoryStatus = 'INSTOCK' | 'LOWSTOCK' | 'OUTOFSTOCK';

export interface Product {
  id: string;
  code: string;
  name: string;
  description: string;
  /** file name under /assets/demo/images/product/ */
  image: string;
  price: number;
  category: string;
  quantity: number;
  inventoryStatus: InventoryStatus;
  /** 0 to 5 */
  rating: number;
}

export type OrderStatus = 'PENDING' | 'DELIVERED' | 'CANCELLED' | 'RETURNED';

export interface Order {
  id: string;
  productCode: string;
  date: string;
  amount: number;
  quantity: number;
  customer: string;
  status: OrderStatus;
}

export interface ProductWithOrders extends Product {
  orders: Order[];
}

/** A node of the files tree; `leaf: false` without children means "load them on demand". */
export interface FileNode {
  key: string;
  label: string;
  data: string;
  /** a Tabler icon name */
  icon: string;
  children?: FileNode[];
  leaf?: boolean;
}

export interface FileRow {
  name: string;
  size: string;
  type: string;
}

/** A row of the filesystem tree table; `leaf: false` without children means "load them on demand". */
export interface FileSystemNode {
  key: string;
  data: FileRow;
  children?: FileSystemNode[];
  leaf?: boolean;
}

export interface Photo {
  itemImageSrc: string;
  thumbnailImageSrc: string;
  alt: string;
  title: string;
}

/** An SVG element of an icon: its tag and attributes. */
export type IconElement = [tag: string, attributes: Record<string, string>];

export interface IconEntry {
  name: string;
  category: string;
  tags: string[];
  /** the icon's drawing, 24 x 24, stroked */
  nodes: IconElement[];
}

export interface ScheduleEvent {
  id: number;
  title: string;
  /** ISO date or date-time */
  start: string;
  end?: string;
  allDay?: boolean;
}
