export { DemoDataError } from './demoData.ts';
export * from './services.ts';
export type * from './types.ts';
