import { Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import classes from './Topbar.module.css';

interface ActionProps extends Omit<ComponentPropsWithRef<'button'>, 'title'> {
  label: string;
  /** the tooltip, when it says more than the label */
  title?: string;
  icon: ReactNode;
  /**
   * false while what the button opens is open: a tooltip over its own pop-over says nothing new, and an open tooltip
   * takes the first Escape for itself (floating-ui's dismiss stops it at the document), so the pop-over would stay.
   */
  withTooltip?: boolean;
}

/** A top-bar button: an icon with a tooltip on a desktop, icon and label in the phone panel. */
export function Action({ label, title, icon, className, withTooltip = true, ...buttonProps }: ActionProps) {
  return (
    <Tooltip label={title ?? label} position="bottom" events={{ hover: true, focus: true, touch: false }} disabled={!withTooltip}>
      <button type="button" className={className ? `${classes.action} ${className}` : classes.action} data-ripple {...buttonProps}>
        <span aria-hidden style={{ display: 'flex' }}>
          {icon}
        </span>
        <span className={classes.actionLabel}>{label}</span>
      </button>
    </Tooltip>
  );
}

/**
 * Escape closes a top-bar pop-over wherever the keyboard is. The pop-over's own handler hears only keys pressed
 * inside it, and its focus trap takes the keyboard a task after it opens: a press before then comes from its button
 * (whose tooltip is off while it is open, so that it does not keep the key) and reaches the window.
 */
export function useEscapeCloses(close: () => void): void {
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
}
