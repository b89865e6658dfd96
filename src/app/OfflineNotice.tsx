import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation, type Language } from '../i18n/index.ts';
import classes from './OfflineNotice.module.css';

const WORDS: Record<Language, { title: string; text: string }> = {
  en: {
    title: 'You are offline',
    text: 'Signing in and loading new pages need a connection. This page will carry on once you are back online.',
  },
  es: {
    title: 'No tienes conexión',
    text: 'Para iniciar sesión y cargar páginas nuevas hace falta conexión. Esta página seguirá en cuanto vuelvas a estar en línea.',
  },
};

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
  const { language } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  const words = WORDS[language];
  return (
    <Alert
      role="status"
      variant="default"
      title={words.title}
      icon={<IconWifiOff size={20} aria-hidden className={classes.icon} />}
      className={classes.notice}
      lang={language}
    >
      {words.text}
    </Alert>
  );
}
