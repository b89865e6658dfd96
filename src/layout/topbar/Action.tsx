import { Tooltip } from '@mantine/core';
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
