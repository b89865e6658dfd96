import { ActionIcon, Popover, Text, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useClickOutside } from '@mantine/hooks';
import { IconCalendar, IconDotsVertical, IconId, IconMenu2, IconSettings, IconUser } from '@tabler/icons-react';
import { useState, type ComponentPropsWithRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Logo } from '../Logo.tsx';
import { useLayout } from '../state/LayoutProvider.tsx';
import { isDesktopWidth } from '../state/layoutState.ts';
import classes from './Topbar.module.css';

export const TOPBAR_ACTIONS_ID = 'layout-topbar-actions';

interface TopbarProps {
  /** whether the side menu is on screen, for the toggle's aria-expanded */
  menuVisible: boolean;
  menuId: string;
  toggleRef: Ref<HTMLButtonElement>;
  userLabel?: string;
  onProfile: () => void;
}

/** The bar across the top: brand, menu toggle, and Calendar, Account, Profile and Settings (behind an ellipsis on phones). */
export function Topbar({ menuVisible, menuId, toggleRef, userLabel, onProfile }: TopbarProps) {
  const { state, dispatch } = useLayout();
  const [moreButton, setMoreButton] = useState<HTMLButtonElement | null>(null);
  const [actions, setActions] = useState<HTMLDivElement | null>(null);
  const open = state.profileSidebarVisible;
  useClickOutside(() => open && dispatch({ type: 'profileClose' }), null, [moreButton, actions]);

  const closeOnEscape = (event: KeyboardEvent) => {
    // Escape in the calendar closes the calendar only.
    if (event.target instanceof Element && event.target.closest('.mantine-Popover-dropdown')) return;
    if (event.key === 'Escape' && open) {
      dispatch({ type: 'profileClose' });
      moreButton?.focus();
    }
  };

  return (
    <header className={classes.topbar}>
      <Link to="/dashboard" className={classes.brand}>
        <Logo />
        <span>Customer area</span>
      </Link>
      <ActionIcon
        ref={toggleRef}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Toggle menu"
        aria-expanded={menuVisible}
        aria-controls={menuId}
        onClick={() => dispatch({ type: 'menuToggle', desktop: isDesktopWidth(window.innerWidth) })}
      >
        <IconMenu2 size={22} stroke={1.7} />
      </ActionIcon>
      <span className={classes.spacer} />
      {userLabel && (
        <Text size="sm" c="dimmed" truncate="end" maw={260} className={classes.user}>
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
        aria-label="More"
        aria-expanded={open}
        aria-controls={TOPBAR_ACTIONS_ID}
        onClick={() => dispatch({ type: 'profileToggle' })}
      >
        <IconDotsVertical size={22} stroke={1.7} />
      </ActionIcon>
      {/* Escape from any action inside closes the phone's action panel; the container only listens, the buttons take the keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div ref={setActions} id={TOPBAR_ACTIONS_ID} className={classes.actions} data-open={open || undefined} onKeyDown={closeOnEscape}>
        <CalendarAction />
        <Tooltip label="Account" position="bottom" events={{ hover: true, focus: true, touch: false }}>
          <Link to="/dashboard/account" className={classes.action} data-ripple>
            <IconId size={20} stroke={1.7} aria-hidden />
            <span className={classes.actionLabel}>Account</span>
          </Link>
        </Tooltip>
        <Action
          label="Profile"
          title={userLabel ? `Sign out ${userLabel}` : 'Sign out'}
          icon={<IconUser size={20} stroke={1.7} />}
          onClick={onProfile}
        />
        <Tooltip label="Settings" position="bottom" events={{ hover: true, focus: true, touch: false }}>
          <Link to="/dashboard/documentation" className={classes.action} data-ripple>
            <IconSettings size={20} stroke={1.7} aria-hidden />
            <span className={classes.actionLabel}>Settings</span>
          </Link>
        </Tooltip>
      </div>
    </header>
  );
}

interface ActionProps extends Omit<ComponentPropsWithRef<'button'>, 'title'> {
  label: string;
  /** the tooltip, when it says more than the label */
  title?: string;
  icon: ReactNode;
}

/** A top-bar button: an icon with a tooltip on a desktop, icon and label in the phone panel. */
function Action({ label, title, icon, className, ...buttonProps }: ActionProps) {
  return (
    <Tooltip label={title ?? label} position="bottom" events={{ hover: true, focus: true, touch: false }}>
      <button type="button" className={className ? `${classes.action} ${className}` : classes.action} data-ripple {...buttonProps}>
        <span aria-hidden style={{ display: 'flex' }}>
          {icon}
        </span>
        <span className={classes.actionLabel}>{label}</span>
      </button>
    </Tooltip>
  );
}

/** A month calendar in a pop-over, kept in the bar's own DOM so the phone panel stays open around it. */
function CalendarAction() {
  const [date, setDate] = useState<string | null>(() => new Date().toISOString().slice(0, 10));
  return (
    <Popover position="bottom-end" shadow="md" withinPortal={false} trapFocus returnFocus>
      <Popover.Target>
        <Action label="Calendar" icon={<IconCalendar size={20} stroke={1.7} />} />
      </Popover.Target>
      <Popover.Dropdown className={classes.calendar} aria-label="Calendar">
        <DatePicker value={date} onChange={setDate} />
      </Popover.Dropdown>
    </Popover>
  );
}
