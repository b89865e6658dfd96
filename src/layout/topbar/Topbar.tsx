import { ActionIcon, Button, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconCalendar, IconDotsVertical, IconId, IconMenu2, IconSettings, IconUser } from '@tabler/icons-react';
import { useState, type ComponentType, type KeyboardEvent, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { Logo } from '../Logo.tsx';
import { onDemand } from '../onDemand.ts';
import { Action, useEscapeCloses } from './Action.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { useLayout } from '../state/LayoutProvider.tsx';
import { isDesktopWidth } from '../state/layoutState.ts';
import classes from './Topbar.module.css';

export const TOPBAR_ACTIONS_ID = 'layout-topbar-actions';

/** An e-mail address isolated as left-to-right text inside a right-to-left sentence (Unicode's LRI … PDI). */
const leftToRight = (text: string) => `\u2066${text}\u2069`;

interface TopbarProps {
  /** whether the side menu is on screen, for the toggle's aria-expanded */
  menuVisible: boolean;
  menuId: string;
  toggleRef: Ref<HTMLButtonElement>;
  userLabel?: string;
  onProfile: () => void;
}

/** The bar across the top: brand, menu toggle, and Calendar, Language, Account, Profile and Settings (behind an ellipsis on phones). */
export function Topbar({ menuVisible, menuId, toggleRef, userLabel, onProfile }: TopbarProps) {
  const { t, direction } = useTranslation('app');
  const { state, dispatch } = useLayout();
  const [moreButton, setMoreButton] = useState<HTMLButtonElement | null>(null);
  const [actions, setActions] = useState<HTMLDivElement | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const open = state.profileSidebarVisible;
  useClickOutside(() => open && dispatch({ type: 'profileClose' }), null, [moreButton, actions]);

  const closeOnEscape = (event: KeyboardEvent) => {
    // Escape in the calendar or the language menu, or while either is open, closes that only (useEscapeCloses).
    if (event.target instanceof Element && event.target.closest('.mantine-Popover-dropdown, .mantine-Menu-dropdown')) return;
    if (calendarOpen || languageOpen) return;
    if (event.key === 'Escape' && open) {
      dispatch({ type: 'profileClose' });
      moreButton?.focus();
    }
  };

  return (
    <header className={classes.topbar}>
      <Link to="/dashboard" className={classes.brand}>
        <Logo />
        <span>{t('brand')}</span>
      </Link>
      <ActionIcon
        ref={toggleRef}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={t('shell.toggleMenu')}
        aria-expanded={menuVisible}
        aria-controls={menuId}
        onClick={() => dispatch({ type: 'menuToggle', desktop: isDesktopWidth(window.innerWidth) })}
      >
        <IconMenu2 size={22} stroke={1.7} />
      </ActionIcon>
      <span className={classes.spacer} />
      {userLabel && (
        // An e-mail address reads left to right in every language.
        <Text size="sm" c="dimmed" truncate="end" maw={260} className={classes.user} dir="ltr">
          {userLabel}
        </Text>
      )}
      <ActionIcon
        ref={setMoreButton}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        className={classes.more}
        aria-label={t('shell.more')}
        aria-expanded={open}
        aria-controls={TOPBAR_ACTIONS_ID}
        onClick={() => dispatch({ type: 'profileToggle' })}
      >
        <IconDotsVertical size={22} stroke={1.7} />
      </ActionIcon>
      {/* Escape from any action inside closes the phone's action panel; the container only listens, the buttons take the keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div ref={setActions} id={TOPBAR_ACTIONS_ID} className={classes.actions} data-open={open || undefined} onKeyDown={closeOnEscape}>
        <CalendarAction opened={calendarOpen} setOpened={setCalendarOpen} />
        <LanguageMenu opened={languageOpen} setOpened={setLanguageOpen} />
        <Tooltip label={t('shell.account')} position="bottom" events={{ hover: true, focus: true, touch: false }}>
          <Link to="/dashboard/account" className={classes.action} data-ripple>
            <IconId size={20} stroke={1.7} aria-hidden />
            <span className={classes.actionLabel}>{t('shell.account')}</span>
          </Link>
        </Tooltip>
        <Action
          label={t('shell.profile')}
          title={
            userLabel ? t('shell.signOutUser', { user: direction === 'rtl' ? leftToRight(userLabel) : userLabel }) : t('shell.signOut')
          }
          icon={<IconUser size={20} stroke={1.7} />}
          onClick={onProfile}
        />
        <Tooltip label={t('shell.settings')} position="bottom" events={{ hover: true, focus: true, touch: false }}>
          <Link to="/dashboard/documentation" className={classes.action} data-ripple>
            <IconSettings size={20} stroke={1.7} aria-hidden />
            <span className={classes.actionLabel}>{t('shell.settings')}</span>
          </Link>
        </Tooltip>
      </div>
    </header>
  );
}

// The calendar comes in a chunk of its own (CalendarPanel.tsx), asked for as the pointer or the keyboard reaches its
// button, and at the latest when it is pressed.
const loadCalendarPanel = onDemand<ComponentType>(() => import('./CalendarPanel.tsx'));

/**
 * A month calendar in a pop-over, kept in the bar's own DOM so the phone panel stays open around it; whether it is
 * open is the bar's, whose Escape leaves the phone panel open while it is. The pop-over
 * opens once its panel has arrived, so its focus trap finds the calendar's controls; if the panel cannot be
 * fetched, it opens with the reason and a way to try again.
 */
function CalendarAction({ opened, setOpened }: { opened: boolean; setOpened: (opened: boolean) => void }) {
  const { t } = useTranslation('app');
  const [panel, setPanel] = useState<{ Panel: ComponentType } | 'failed'>();
  useEscapeCloses(() => setOpened(false));
  const open = () =>
    loadCalendarPanel().then(
      (Panel) => {
        setPanel({ Panel });
        setOpened(true);
      },
      () => {
        setPanel('failed');
        setOpened(true);
      },
    );
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal={false} trapFocus returnFocus>
      <Popover.Target>
        <Action
          label={t('shell.calendar')}
          icon={<IconCalendar size={20} stroke={1.7} />}
          onPointerEnter={() => void loadCalendarPanel().catch(() => {})}
          onFocus={() => void loadCalendarPanel().catch(() => {})}
          onClick={() => (opened ? setOpened(false) : void open())}
          withTooltip={!opened}
        />
      </Popover.Target>
      <Popover.Dropdown className={classes.calendar} aria-label={t('shell.calendar')}>
        {panel === 'failed' ? (
          <Stack gap="sm" maw={260} role="alert">
            <Text size="sm">{t('shell.calendar.loadFailed')}</Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                // Closed while it tries: it opens again as it does the first time, its focus trap on what arrived.
                setOpened(false);
                void open();
              }}
            >
              {t('tryAgain')}
            </Button>
          </Stack>
        ) : (
          panel && <panel.Panel />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
