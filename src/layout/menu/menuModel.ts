/**
 * The side menu as data (spec §2): sections of links, external links and
 * collapsible groups. The links come from the route manifest
 * (src/routes/manifest.ts: section, group, title, path); this file adds their
 * icons and what is not a route of the app. The menu renders it. Labels are
 * messages of the catalogue (`page.*`, `shell.*`), with their values, so the
 * menu speaks the customer's language.
 */
import {
  IconAlertTriangle,
  IconApps,
  IconBook2,
  IconBrandGithub,
  IconBrowser,
  IconChartBar,
  IconCircleOff,
  IconEdit,
  IconExternalLink,
  IconFile,
  IconFileUpload,
  IconForms,
  IconHierarchy2,
  IconHome,
  IconId,
  IconInputCheck,
  IconLayoutGrid,
  IconLayoutList,
  IconLayoutNavbar,
  IconListDetails,
  IconLock,
  IconLogin2,
  IconMenu2,
  IconMessage,
  IconMoodEmpty,
  IconPhoto,
  IconPointer,
  IconSitemap,
  IconSquare,
  IconStack2,
  IconStar,
  IconTable,
  IconTag,
  IconTimeline,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import type { MessageKey } from '../../i18n/index.ts';
import { MENU_SECTIONS, ROUTES, type AppPath, type MenuPlace, type MenuSectionName } from '../../routes/manifest.ts';

/** The values of a label's message: the demo submenus' numbers. */
export type LabelValues = Readonly<Record<string, string>>;

export interface MenuLink {
  kind: 'link';
  label: MessageKey;
  values?: LabelValues;
  icon?: Icon;
  /** an app path, with a query where two items share a page */
  to: string;
}

export interface MenuExternal {
  kind: 'external';
  label: MessageKey;
  values?: LabelValues;
  icon?: Icon;
  href: string;
}

export interface MenuGroup {
  kind: 'group';
  label: MessageKey;
  values?: LabelValues;
  icon?: Icon;
  items: MenuNode[];
}

export type MenuNode = MenuLink | MenuExternal | MenuGroup;

export interface MenuSection {
  label: MenuSectionName;
  items: MenuNode[];
}

const link = (label: MessageKey, to: string, icon?: Icon, values?: LabelValues): MenuLink => ({ kind: 'link', label, to, icon, values });
const external = (label: MessageKey, href: string, icon: Icon = IconExternalLink): MenuExternal => ({
  kind: 'external',
  label,
  href,
  icon,
});
const group = (label: MessageKey, items: MenuNode[], icon?: Icon, values?: LabelValues): MenuGroup => ({
  kind: 'group',
  label,
  items,
  icon,
  values,
});

/** A demo leaf of the Hierarchy section: all of them open the empty page, saying which one was picked. */
const leaf = (number: string) => link('shell.menu.submenu', `/dashboard/pages/empty?item=${number}`, IconSquare, { number });
/** A demo group of the Hierarchy section. */
const submenu = (number: string, items: MenuNode[]) => group('shell.menu.submenu', items, IconHierarchy2, { number });

/** Icons of the menu's links, by path; a page without one shows none. */
const ICONS: Partial<Record<AppPath, Icon>> = {
  '/dashboard': IconHome,
  '/dashboard/crud-menu': IconLayoutList,
  '/dashboard/uikit/formlayout': IconId,
  '/dashboard/uikit/input': IconForms,
  '/dashboard/uikit/floatlabel': IconTag,
  '/dashboard/uikit/invalidstate': IconInputCheck,
  '/dashboard/uikit/button': IconPointer,
  '/dashboard/uikit/table': IconTable,
  '/dashboard/uikit/list': IconListDetails,
  '/dashboard/uikit/tree': IconSitemap,
  '/dashboard/uikit/panel': IconLayoutNavbar,
  '/dashboard/uikit/overlay': IconStack2,
  '/dashboard/uikit/media': IconPhoto,
  '/dashboard/uikit/menu': IconMenu2,
  '/dashboard/uikit/message': IconMessage,
  '/dashboard/uikit/file': IconFileUpload,
  '/dashboard/uikit/chart': IconChartBar,
  '/dashboard/uikit/misc': IconCircleOff,
  '/dashboard/blocks': IconLayoutGrid,
  '/dashboard/utilities/icons': IconStar,
  '/': IconBrowser,
  '/auth/login': IconLogin2,
  '/auth/error': IconAlertTriangle,
  '/auth/access': IconLock,
  '/dashboard/pages/crud': IconEdit,
  '/dashboard/pages/timeline': IconTimeline,
  '/notfound': IconFile,
  '/dashboard/pages/empty': IconMoodEmpty,
  '/dashboard/documentation': IconBook2,
};

/** Icons of the menu's groups, by label. */
const GROUP_ICONS: Partial<Record<MessageKey, Icon>> = { 'shell.group.auth': IconUserCircle };

/** What the menu has beyond the app's routes: links out, and the Hierarchy section's demo groups. */
const EXTRAS: Partial<Record<MenuSectionName, MenuNode[]>> = {
  'shell.section.primeBlocks': [external('shell.menu.allBlocks', 'https://ui.mantine.dev/')],
  'shell.section.utilities': [external('shell.menu.tablerIcons', 'https://tabler.io/icons')],
  'shell.section.hierarchy': [
    submenu('1', [submenu('1.1', [leaf('1.1.1'), leaf('1.1.2'), leaf('1.1.3')]), submenu('1.2', [leaf('1.2.1')])]),
    submenu('2', [submenu('2.1', [leaf('2.1.1'), leaf('2.1.2')]), submenu('2.2', [leaf('2.2.1')])]),
  ],
  'shell.section.getStarted': [
    external('shell.menu.viewSource', 'https://github.com/primefaces/sakai-react', IconBrandGithub),
    external('shell.menu.mantine', 'https://mantine.dev/', IconApps),
  ],
};

/** A section's links, from the route manifest in its order (a group where its first route is), then the extras. */
function sectionOf(label: MenuSectionName): MenuSection {
  const items: MenuNode[] = [];
  const groups = new Map<MessageKey, MenuGroup>();
  for (const route of ROUTES) {
    const place: MenuPlace | undefined = 'menu' in route ? route.menu : undefined;
    if (place?.section !== label) continue;
    const entry = link(route.title, route.path, ICONS[route.path]);
    if (!place.group) {
      items.push(entry);
      continue;
    }
    let holder = groups.get(place.group);
    if (!holder) {
      holder = group(place.group, [], GROUP_ICONS[place.group]);
      groups.set(place.group, holder);
      items.push(holder);
    }
    holder.items.push(entry);
  }
  return { label, items: [...items, ...(EXTRAS[label] ?? [])] };
}

export const MENU: readonly MenuSection[] = MENU_SECTIONS.map(sectionOf);
