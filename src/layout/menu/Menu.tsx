import { Collapse, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowUpRight, IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import classes from './Menu.module.css';
import { MENU, type MenuNode, type MenuSection } from './menuModel.ts';
import { activeLink, placeNodes, type PlacedNode } from './menuTree.ts';

/** How long a submenu takes to open or close (spec §9). */
export const SUBMENU_ANIMATION_MS = 400;

/**
 * The side menu, rendered from the menu model. Sections are always open;
 * groups open and close, and the groups around the current page are opened
 * again whenever the page changes, a reload included.
 */
export function Menu({ menu = MENU }: { menu?: readonly MenuSection[] }) {
  const { t } = useTranslation('app');
  const location = useLocation();
  const placed = useMemo(() => placeNodes(menu), [menu]);
  const active = activeLink(placed, location);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(active?.ancestors));
  // A newly active link opens the groups above it; the customer may close them again.
  const [openedFor, setOpenedFor] = useState(active);
  if (active !== openedFor) {
    setOpenedFor(active);
    if (active?.ancestors.length) setExpanded((open) => new Set([...open, ...active.ancestors]));
  }

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const byNode = new Map(placed.map((p) => [p.node, p]));
  const renderNodes = (nodes: readonly MenuNode[], labelledBy?: string) => (
    <ul className={classes.list} aria-labelledby={labelledBy}>
      {nodes.map((node) => {
        const place = byNode.get(node)!;
        return (
          <li key={place.id}>
            <MenuEntry place={place} active={place === active} expanded={expanded} onToggle={toggle} renderNodes={renderNodes} />
          </li>
        );
      })}
    </ul>
  );

  return (
    <ul className={classes.menu}>
      {menu.map((section) => {
        const captionId = `menu-caption-${section.label.slice(section.label.lastIndexOf('.') + 1)}`;
        return (
          <li key={section.label} className={classes.section}>
            <div className={classes.caption} id={captionId}>
              {t(section.label)}
            </div>
            {renderNodes(section.items, captionId)}
          </li>
        );
      })}
    </ul>
  );
}

interface MenuEntryProps {
  place: PlacedNode;
  active: boolean;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  renderNodes: (nodes: readonly MenuNode[]) => ReactNode;
}

function MenuEntry({ place, active, expanded, onToggle, renderNodes }: MenuEntryProps) {
  const { t } = useTranslation('app');
  const { node, id, depth } = place;
  const Icon = node.icon;
  const style = { '--menu-depth': depth } as CSSProperties;
  const content = (
    <>
      {Icon && <Icon className={classes.icon} stroke={1.6} aria-hidden />}
      <span className={classes.label}>{t(node.label, node.values)}</span>
    </>
  );

  switch (node.kind) {
    case 'link':
      return (
        <Link to={node.to} className={classes.item} style={style} aria-current={active ? 'page' : undefined}>
          {content}
        </Link>
      );
    case 'external':
      return (
        <a href={node.href} target="_blank" rel="noopener noreferrer" className={classes.item} style={style}>
          {content}
          <IconArrowUpRight className={classes.external} aria-hidden />
          <VisuallyHidden>{t('shell.opensInNewTab')}</VisuallyHidden>
        </a>
      );
    case 'group': {
      const open = expanded.has(id);
      return (
        <>
          <UnstyledButton
            className={classes.item}
            style={style}
            aria-expanded={open}
            aria-controls={`${id}-items`}
            onClick={() => onToggle(id)}
          >
            {content}
            <IconChevronDown className={classes.chevron} aria-hidden />
          </UnstyledButton>
          <Collapse expanded={open} transitionDuration={SUBMENU_ANIMATION_MS} id={`${id}-items`}>
            {renderNodes(node.items)}
          </Collapse>
        </>
      );
    }
  }
}
