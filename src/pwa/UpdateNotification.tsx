import '@mantine/core/styles/Notification.css';
import { Button, Group, Notification } from '@mantine/core';
import { useState } from 'react';
import classes from './UpdateNotification.module.css';
import type { Language } from '../i18n/index.ts';

const WORDS: Record<Language, Record<'title' | 'text' | 'reload' | 'later', string>> = {
  en: {
    title: 'A new version is ready',
    text: 'Reload to use it. Anything you typed on this page will be lost.',
    reload: 'Reload',
    later: 'Later',
  },
  es: {
    title: 'Hay una versión nueva',
    text: 'Recarga la página para usarla. Se perderá lo que hayas escrito en esta página.',
    reload: 'Recargar',
    later: 'Más tarde',
  },
};

export interface UpdateNotificationProps {
  language: Language;
  onReload: () => void;
  onLater: () => void;
}

/** The prompt itself: polite (the customer may be typing), with the reload one press away. */
export default function UpdateNotification({ language, onReload, onLater }: UpdateNotificationProps) {
  const words = WORDS[language];
  const [reloading, setReloading] = useState(false);
  return (
    <Notification className={classes.notice} role="status" title={words.title} withCloseButton={false} withBorder>
      {words.text}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          {words.reload}
        </Button>
        <Button size="xs" variant="default" disabled={reloading} onClick={onLater}>
          {words.later}
        </Button>
      </Group>
    </Notification>
  );
}
