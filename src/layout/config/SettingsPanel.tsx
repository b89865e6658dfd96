import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettings } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { onDemand } from '../onDemand.ts';
import { useLayout } from '../state/LayoutProvider.tsx';
import type { SettingsDrawerProps } from './SettingsDrawer.tsx';
import classes from './SettingsPanel.module.css';

// The panel itself (SettingsDrawer.tsx) is a chunk of its own; a failed fetch is asked for again at the next press.
const loadDrawer = onDemand<ComponentType<SettingsDrawerProps>>(() => import('./SettingsDrawer.tsx'));

/**
 * The button at the edge of the screen and the panel it opens. The panel's
 * code is asked for as the pointer or the keyboard reaches the button (a
 * finger's too: pointerenter comes before the tap ends), and the panel slides
 * in once it has arrived; if it cannot be fetched, a notification says so.
 */
export function SettingsPanel() {
  const { t, direction } = useTranslation('app');
  const { dispatch } = useLayout();
  const [Drawer, setDrawer] = useState<ComponentType<SettingsDrawerProps>>();
  const rtl = direction === 'rtl';

  const open = () => {
    if (Drawer) return dispatch({ type: 'configShow' });
    loadDrawer().then(
      // It opens itself once mounted, so it slides in rather than appearing.
      (Loaded) => setDrawer(() => Loaded),
      () => notifications.show({ color: 'red', message: t('shell.settings.loadFailed') }),
    );
  };

  return (
    <>
      <Tooltip label={t('shell.settings')} position={rtl ? 'right' : 'left'}>
        <ActionIcon
          size="xl"
          className={classes.button}
          aria-label={t('shell.settings.open')}
          onPointerEnter={() => void loadDrawer().catch(() => {})}
          onFocus={() => void loadDrawer().catch(() => {})}
          onClick={open}
        >
          <IconSettings size={24} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      {Drawer && <Drawer openOnMount />}
    </>
  );
}
