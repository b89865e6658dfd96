/** The categories a product can be in, as in the demo data. */
export const CATEGORIES = ['Accessories', 'Clothing', 'Electronics', 'Fitness', 'Home'] as const;
