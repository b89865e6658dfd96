/**
 * The side menu as data (spec §2): sections of links, external links and
 * collapsible groups. The menu renders it; nothing else lists the pages.
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

export interface MenuLink {
  kind: 'link';
  label: string;
  icon?: Icon;
  /** an app path, with a query where two items share a page */
  to: string;
}

export interface MenuExternal {
  kind: 'external';
  label: string;
  icon?: Icon;
  href: string;
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  icon?: Icon;
  items: MenuNode[];
}

export type MenuNode = MenuLink | MenuExternal | MenuGroup;

export interface MenuSection {
  label: string;
  items: MenuNode[];
}

const link = (label: string, to: string, icon?: Icon): MenuLink => ({ kind: 'link', label, to, icon });
const external = (label: string, href: string, icon: Icon = IconExternalLink): MenuExternal => ({ kind: 'external', label, href, icon });
const group = (label: string, items: MenuNode[], icon?: Icon): MenuGroup => ({ kind: 'group', label, items, icon });

/** A demo leaf of the Hierarchy section: all of them open the empty page, saying which one was picked. */
const leaf = (number: string) => link(`Submenu ${number}`, `/dashboard/pages/empty?item=${number}`, IconSquare);

export const MENU: readonly MenuSection[] = [
  {
    label: 'Home',
    items: [link('Dashboard', '/dashboard', IconHome), link('CRUD Menus', '/dashboard/crud-menu', IconLayoutList)],
  },
  {
    label: 'UI Components',
    items: [
      link('Form Layout', '/dashboard/uikit/formlayout', IconId),
      link('Input', '/dashboard/uikit/input', IconForms),
      link('Float Label', '/dashboard/uikit/floatlabel', IconTag),
      link('Invalid State', '/dashboard/uikit/invalidstate', IconInputCheck),
      link('Button', '/dashboard/uikit/button', IconPointer),
      link('Table', '/dashboard/uikit/table', IconTable),
      link('List', '/dashboard/uikit/list', IconListDetails),
      link('Tree', '/dashboard/uikit/tree', IconSitemap),
      link('Panel', '/dashboard/uikit/panel', IconLayoutNavbar),
      link('Overlay', '/dashboard/uikit/overlay', IconStack2),
      link('Media', '/dashboard/uikit/media', IconPhoto),
      link('Menu', '/dashboard/uikit/menu', IconMenu2),
      link('Message', '/dashboard/uikit/message', IconMessage),
      link('File', '/dashboard/uikit/file', IconFileUpload),
      link('Chart', '/dashboard/uikit/chart', IconChartBar),
      link('Misc', '/dashboard/uikit/misc', IconCircleOff),
    ],
  },
  {
    label: 'Prime Blocks',
    items: [link('Free Blocks', '/dashboard/blocks', IconLayoutGrid), external('All Blocks', 'https://ui.mantine.dev/')],
  },
  {
    label: 'Utilities',
    items: [link('Icons', '/dashboard/utilities/icons', IconStar), external('Tabler Icons', 'https://tabler.io/icons')],
  },
  {
    label: 'Pages',
    items: [
      link('Landing', '/', IconBrowser),
      group(
        'Auth',
        [
          link('Login', '/auth/login', IconLogin2),
          link('Error', '/auth/error', IconAlertTriangle),
          link('Access Denied', '/auth/access', IconLock),
        ],
        IconUserCircle,
      ),
      link('Crud', '/dashboard/pages/crud', IconEdit),
      link('Timeline', '/dashboard/pages/timeline', IconTimeline),
      link('Not Found', '/notfound', IconFile),
      link('Empty', '/dashboard/pages/empty', IconMoodEmpty),
    ],
  },
  {
    label: 'Hierarchy',
    items: [
      group(
        'Submenu 1',
        [
          group('Submenu 1.1', [leaf('1.1.1'), leaf('1.1.2'), leaf('1.1.3')], IconHierarchy2),
          group('Submenu 1.2', [leaf('1.2.1')], IconHierarchy2),
        ],
        IconHierarchy2,
      ),
      group(
        'Submenu 2',
        [group('Submenu 2.1', [leaf('2.1.1'), leaf('2.1.2')], IconHierarchy2), group('Submenu 2.2', [leaf('2.2.1')], IconHierarchy2)],
        IconHierarchy2,
      ),
    ],
  },
  {
    label: 'Get Started',
    items: [
      link('Documentation', '/dashboard/documentation', IconBook2),
      external('View Source', 'https://github.com/primefaces/sakai-react', IconBrandGithub),
      external('Mantine', 'https://mantine.dev/', IconApps),
    ],
  },
];
