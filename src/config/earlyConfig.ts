/**
 * The deployment's configuration file, asked for before the app's code has
 * arrived: the card's start-up script (src/first-paint/startup/sign-in-card.js,
 * which runs in <head> on every page) starts the fetch and leaves it here,
 * and the app takes it (config.ts). Without it the request would wait for the
 * entry to download and run, a round trip later; on the mobile profile of
 * `npm run bench:trace` the entry alone took 1.1 s to arrive.
 */
export const CONFIG_PATH = '/config.json';
/** The global property the start-up script leaves its fetch under. */
export const EARLY_CONFIG_KEY = '__customerAreaConfig';

/** Both ask for it alike: never from the HTTP cache (a deployment changes it without renaming it). */
export const CONFIG_REQUEST: RequestInit = { cache: 'no-store' };

/** The start-up script's fetch, taken once (a response is read once); undefined where there is none (the unit tests). */
export function takeEarlyConfig(): Promise<Response> | undefined {
  const holder = globalThis as Record<string, unknown>;
  const early = holder[EARLY_CONFIG_KEY];
  delete holder[EARLY_CONFIG_KEY];
  return early instanceof Promise ? (early as Promise<Response>) : undefined;
}
