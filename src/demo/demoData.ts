/**
 * Reads the demo data files (spec §7: GET assets/demo/data/<name>.json) and
 * returns their list. Every failure, from the network to a file of the wrong
 * shape, becomes one DemoDataError whose message a page can show as it is.
 */
const BASE = '/assets/demo/data/';

export class DemoDataError extends Error {
  override name = 'DemoDataError';
  /** the file that could not be read */
  readonly file: string;

  constructor(message: string, file: string) {
    super(message);
    this.file = file;
  }
}

/** The list under `field` (spec: `data`, or `icons` for the icons file) of one demo file. */
export async function loadDemoList<T>(name: string, field: 'data' | 'icons' = 'data', signal?: AbortSignal): Promise<T[]> {
  const file = `${name}.json`;
  let response: Response;
  try {
    response = await fetch(`${BASE}${file}`, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DemoDataError(`Could not reach the server for ${file}. Check your connection and try again.`, file);
  }
  if (!response.ok) throw new DemoDataError(`Could not load ${file}: the server answered ${response.status}.`, file);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new DemoDataError(`${file} is not valid JSON.`, file);
  }
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (!Array.isArray(list)) throw new DemoDataError(`${file} has no "${field}" list.`, file);
  return list as T[];
}
