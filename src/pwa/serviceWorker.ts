/**
 * The service worker's registration and update flow, with workbox-window.
 * Loaded only in production, once the app is stable (see schedule.ts), so
 * none of it is on the path that paints the sign-in form.
 *
 * A new version installs in the background and waits: the customer may be
 * half-way through a sign-in. The app offers a reload (updateState.ts);
 * accepting tells the waiting worker to take over, and the page reloads once
 * it controls the page, so page and worker are always the same version.
 */
import { Workbox } from 'workbox-window';
import { updateStore } from './updateState.ts';

export const SERVICE_WORKER_URL = '/sw.js';

let workbox: Workbox | undefined;

function offerReload(wb: Workbox): void {
  updateStore.set({
    activate() {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    },
  });
}

const keepConfigForOffline = (): void => void fetch('/config.json', { cache: 'no-store' }).catch(() => {});

/** Whether the page's own /config.json went through a worker (resource timing's workerStart is 0 where none was). */
const configWentThroughWorker = (): boolean =>
  performance
    .getEntriesByType('resource')
    .some((entry) => new URL(entry.name).pathname === '/config.json' && (entry as PerformanceResourceTiming).workerStart > 0);

/** First call: registers the worker. Later calls: asks the browser to look for a new version. */
export async function registerOrUpdate(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    if (workbox) {
      await workbox.update();
      return;
    }
    const wb = new Workbox(SERVICE_WORKER_URL);
    workbox = wb;
    // A version already waiting when the page loaded (another tab saw it first) is offered too.
    wb.addEventListener('waiting', () => offerReload(wb));
    // The page's own /config.json was fetched before any worker was there to keep it: fetch it again through the
    // worker once it is in charge, so the next start works offline (the worker keeps its last answer).
    wb.addEventListener('controlling', keepConfigForOffline);
    // A worker installed by an earlier page may have taken this one over before this ran, unheard: keep it now.
    if (navigator.serviceWorker.controller && !configWentThroughWorker()) keepConfigForOffline();
    await wb.register();
  } catch (error) {
    // No worker means no offline start and no update prompt, but the app itself works.
    console.warn('The service worker could not be registered or updated:', error);
  }
}
