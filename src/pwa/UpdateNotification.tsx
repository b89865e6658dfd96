import '@mantine/core/styles/Notification.css';
import { Button, Group, Notification } from '@mantine/core';
import { useState } from 'react';
import classes from './UpdateNotification.module.css';
import { useTranslation } from '../i18n/index.ts';

export interface UpdateNotificationProps {
  onReload: () => void;
  onLater: () => void;
}

/** The prompt itself: polite (the customer may be typing), with the reload one press away. */
export default function UpdateNotification({ onReload, onLater }: UpdateNotificationProps) {
  // Its words travel in the screens' chunk: the notice waits (Suspense, nothing shown) the moment they take to arrive.
  const { t } = useTranslation('screens');
  const [reloading, setReloading] = useState(false);
  return (
    <Notification className={classes.notice} role="status" title={t('update.title')} withCloseButton={false} withBorder>
      {t('update.text')}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          {t('update.reload')}
        </Button>
        <Button size="xs" variant="default" disabled={reloading} onClick={onLater}>
          {t('update.later')}
        </Button>
      </Group>
    </Notification>
  );
}
