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
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  return (
    <Notification className={classes.notice} role="status" title={t('notice.updateTitle')} withCloseButton={false} withBorder>
      {t('notice.updateText')}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          {t('notice.updateReload')}
        </Button>
        <Button size="xs" variant="default" disabled={reloading} onClick={onLater}>
          {t('notice.updateLater')}
        </Button>
      </Group>
    </Notification>
  );
}
