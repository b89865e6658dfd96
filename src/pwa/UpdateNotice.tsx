import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateStore } from './updateState.ts';

// Mantine's Notification and its styles come only when there is something to say.
const UpdateNotification = lazy(() => import('./UpdateNotification.tsx'));

export type NoticeLanguage = 'en' | 'es';

/** Offers a reload when a new version of the app is waiting; renders nothing otherwise. */
export function UpdateNotice({ language }: { language: NoticeLanguage }) {
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get, () => null);
  if (!update) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotification language={language} onReload={() => update.activate()} onLater={() => updateStore.set(null)} />
    </Suspense>
  );
}
