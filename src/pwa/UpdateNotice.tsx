import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateStore } from './updateState.ts';

// Mantine's Notification and its styles come only when there is something to say.
const UpdateNotification = lazy(() => import('./UpdateNotification.tsx'));

/** Offers a reload when a new version of the app is waiting; renders nothing otherwise. */
export function UpdateNotice() {
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get, () => null);
  if (!update) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotification onReload={() => update.activate()} onLater={() => updateStore.set(null)} />
    </Suspense>
  );
}
