/**
 * The app's routes, declared once (spec §2): each path with its page, its
 * title (the menu's label), its place in the side menu, whether the sign-in
 * widget guards it and whether the prerendered sign-in card shows for it. The
 * router (src/app/router.tsx), the side menu (src/layout/menu/menuModel.ts)
 * and the first paint (src/first-paint/signInPaths.ts, and through it the
 * build's card conditions) read it; nothing else lists the pages.
 *
 * Plain data, importing nothing, so the first paint can read it without
 * pulling any page in: a page is named by its module under src/pages/, which
 * the router loads lazily (import.meta.glob). Adding a dashboard page: one
 * entry here, and the page's module.
 */

/** The side menu's sections, in order (spec §2). */
export const MENU_SECTIONS = ['Home', 'UI Components', 'Prime Blocks', 'Utilities', 'Pages', 'Hierarchy', 'Get Started'] as const;
export type MenuSectionName = (typeof MENU_SECTIONS)[number];

/** Where a route sits in the side menu: its section, and the collapsible group it is under, if any. */
export interface MenuPlace {
  section: MenuSectionName;
  group?: string;
}

export interface AppRoute {
  /** the URL path, without a trailing slash */
  path: string;
  /** the title: the menu's label */
  title: string;
  /**
   * the page module, under src/pages/ (it exports `Component`), loaded the
   * first time the route is visited; none for a route the app's composition
   * handles itself (the sign-in page, the hosted UI's callback)
   */
  page?: string;
  /** inside the dashboard shell, which the sign-in widget guards (a deep link survives sign-in) */
  shell?: true;
  /** for a visitor not signed in, the sign-in widget shows at once on this path, before the router is loaded */
  signInFirst: boolean;
  /** the sign-in card prerendered into index.html shows on this path until the app takes over */
  card: boolean;
  menu?: MenuPlace;
  /**
   * the service worker leaves this path to the network rather than answering it with the app shell (every other
   * route opens offline, scripts/vite/serviceWorker.ts); a comment beside it says why
   */
  network?: true;
}

/** A page of the dashboard: in the shell, behind the sign-in widget, with the prerendered card. */
const dashboard = (path: string, title: string, page: string, menu?: MenuPlace) =>
  ({ path: `/dashboard${path}`, title, page, shell: true, signInFirst: true, card: true, ...(menu && { menu }) }) as const;

/** A public page: no sign-in in front of it. */
const open = (path: string, title: string, page: string, menu?: MenuPlace) =>
  ({ path, title, page, signInFirst: false, card: false, ...(menu && { menu }) }) as const;

const home = { section: 'Home' } as const;
const uikit = { section: 'UI Components' } as const;
const pages = { section: 'Pages' } as const;
const auth = { section: 'Pages', group: 'Auth' } as const;

/** In the menu's order; the router does not care about order (it ranks paths). */
export const ROUTES = [
  dashboard('', 'Dashboard', 'dashboard/DashboardHome', home),
  dashboard('/crud-menu', 'CRUD Menus', 'crudmenu/CrudMenuPage', home),
  dashboard('/uikit/formlayout', 'Form Layout', 'uikit/FormLayoutPage', uikit),
  dashboard('/uikit/input', 'Input', 'uikit/InputPage', uikit),
  dashboard('/uikit/floatlabel', 'Float Label', 'uikit/FloatLabelPage', uikit),
  dashboard('/uikit/invalidstate', 'Invalid State', 'uikit/InvalidStatePage', uikit),
  dashboard('/uikit/button', 'Button', 'uikit/ButtonPage', uikit),
  dashboard('/uikit/table', 'Table', 'uikit/TablePage', uikit),
  dashboard('/uikit/list', 'List', 'uikit/ListPage', uikit),
  dashboard('/uikit/tree', 'Tree', 'uikit/TreePage', uikit),
  dashboard('/uikit/panel', 'Panel', 'uikit/PanelPage', uikit),
  dashboard('/uikit/overlay', 'Overlay', 'uikit/OverlayPage', uikit),
  dashboard('/uikit/media', 'Media', 'uikit/MediaPage', uikit),
  dashboard('/uikit/menu', 'Menu', 'uikit/MenuPage', uikit),
  dashboard('/uikit/message', 'Message', 'uikit/MessagePage', uikit),
  dashboard('/uikit/file', 'File', 'uikit/FilePage', uikit),
  dashboard('/uikit/chart', 'Chart', 'uikit/ChartPage', uikit),
  dashboard('/uikit/misc', 'Misc', 'uikit/MiscPage', uikit),
  dashboard('/blocks', 'Free Blocks', 'blocks/BlocksPage', { section: 'Prime Blocks' }),
  dashboard('/utilities/icons', 'Icons', 'icons/IconsPage', { section: 'Utilities' }),
  open('/', 'Landing', 'landing/LandingPage', pages),
  { path: '/auth/login', title: 'Login', signInFirst: true, card: true, menu: auth },
  open('/auth/error', 'Error', 'auth/ErrorPage', auth),
  open('/auth/access', 'Access Denied', 'auth/AccessPage', auth),
  dashboard('/pages/crud', 'Crud', 'crud/CrudPage', pages),
  dashboard('/pages/timeline', 'Timeline', 'timeline/TimelinePage', pages),
  open('/notfound', 'Not Found', 'notfound/NotFoundPage', pages),
  dashboard('/pages/empty', 'Empty', 'empty/EmptyPage', pages),
  dashboard('/documentation', 'Documentation', 'documentation/DocumentationPage', { section: 'Get Started' }),
  dashboard('/account', 'Account', 'account/AccountPage'),
  // Where the hosted UI's answer arrives: the widget finishes the sign-in, and the router starts once it has.
  {
    path: '/oauth/callback',
    title: 'Signing in',
    signInFirst: true,
    card: true,
    // Left to the network: it carries a one-time code that only the network can exchange, and the app removes it
    // from the address bar once read. Offline, the browser's own page keeps the code in the address for a retry;
    // online, the page that reads it is always the deployed version, never one a waiting worker still holds from
    // before a deploy (its PKCE and state keys must match the page that left).
    network: true,
  },
] as const satisfies readonly AppRoute[];

export type AppPath = (typeof ROUTES)[number]['path'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source of a pattern for the paths of the routes that `include` picks,
 * matched without regard to case and with an optional trailing slash, as
 * React Router matches paths.
 */
export const pathsPattern = (include: (route: AppRoute) => boolean): string =>
  `^(?:${ROUTES.filter(include)
    .map((route) => escape(route.path.replace(/\/$/, '')))
    .join('|')})/?$`;
