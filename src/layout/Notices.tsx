import { useNotifications } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';
import type { NoticesHostProps } from './NoticesHost.tsx';
import { onDemand } from './onDemand.ts';

// A failed fetch is asked for again with the next notification.
const loadHost = onDemand<ComponentType<NoticesHostProps>>(() => import('./NoticesHost.tsx'));

/**
 * Where the pages' notifications show (Mantine's `notifications.show`). The
 * store they go to is small and always there; the part that draws them, with
 * its transitions (about 12 KB gzip), is fetched with the first one, so the
 * signed-in page does not wait for it. That first one shows as soon as it has
 * arrived, from the store.
 */
export function Notices(props: NoticesHostProps) {
  const { notifications, queue } = useNotifications();
  const wanted = notifications.length + queue.length > 0;
  const [Host, setHost] = useState<ComponentType<NoticesHostProps>>();
  useEffect(() => {
    if (!wanted || Host) return;
    let live = true;
    loadHost().then(
      (Loaded) => live && setHost(() => Loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, Host]);
  return Host ? <Host {...props} /> : null;
}
