import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/index.ts';
import classes from './OfflineNotice.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says so when the browser is offline, above whatever page shows: on the
 * sign-in screen a customer would otherwise only learn it from a failed
 * sign-in. A status, not an alert: it must not interrupt, and it goes away by
 * itself when the connection returns.
 */
export function OfflineNotice() {
  const { t, language } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <Alert
      role="status"
      variant="default"
      title={t('notice.offlineTitle')}
      icon={<IconWifiOff size={20} aria-hidden className={classes.icon} />}
      className={classes.notice}
      lang={language}
    >
      {t('notice.offlineText')}
    </Alert>
  );
}
