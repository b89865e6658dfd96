/**
 * The app's routes, declared once (spec §2): each path with its page, its
 * title (the menu's label), its place in the side menu, whether the sign-in
 * gate guards it and whether the prerendered sign-in card shows for it. The
 * router (src/app/router.tsx), the side menu (src/layout/menu/menuModel.ts),
 * the sign-in gate (src/app/AppRoutes.tsx, through isSignInPath), the first
 * paint (src/first-paint/signInPaths.ts, and through it the build's card
 * conditions) and the service worker's navigation rules read it; nothing else
 * lists the pages.
 *
 * Plain data, importing nothing, so the first paint can read it without
 * pulling any page in: a page is named by its module under src/pages/, which
 * the router loads lazily (import.meta.glob). Adding a dashboard page: one
 * entry here, and the page's module.
 */

/**
 * The side menu's sections, in order (spec §2). Titles, sections and groups
 * are keys of the message catalogue (src/i18n/messages/en.json), which the
 * menu shows in the customer's language; the menu's types check each one is
 * a key the catalogue has.
 */
export const MENU_SECTIONS = [
  'shell.section.home',
  'shell.section.uiComponents',
  'shell.section.primeBlocks',
  'shell.section.utilities',
  'shell.section.pages',
  'shell.section.hierarchy',
  'shell.section.getStarted',
] as const;
export type MenuSectionName = (typeof MENU_SECTIONS)[number];

/** The side menu's collapsible groups of routes. */
export const MENU_GROUPS = ['shell.group.auth'] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

/** Where a route sits in the side menu: its section, and the collapsible group it is under, if any. */
export interface MenuPlace {
  section: MenuSectionName;
  group?: MenuGroupName;
}

export interface AppRoute {
  /** the URL path, without a trailing slash */
  path: string;
  /**
   * the title: the menu's label, a key of the catalogue (`route.*`, which travels with the sign-in card's words:
   * the signed-in page's frame names the page before the dashboard's files arrive)
   */
  title: `route.${string}`;
  /**
   * the page module, under src/pages/ (it exports `Component`), loaded the
   * first time the route is visited; none for a route the app's composition
   * handles itself (the sign-in page, the hosted UI's callback)
   */
  page?: string;
  /** inside the dashboard shell (src/app/ProtectedLayout.tsx), on a guarded path */
  shell?: true;
  /**
   * the app's one sign-in gate (src/app/AppRoutes.tsx) guards this path: a visitor not signed in sees the sign-in
   * widget in its place, at the same URL (a deep link survives sign-in); a page opened here fetches the router
   * only after the sign-in
   */
  guarded: boolean;
  /** the sign-in card prerendered into index.html shows on this path until the app takes over */
  card: boolean;
  menu?: MenuPlace;
  /**
   * the service worker leaves this path to the network rather than answering it with the app shell (every other
   * route opens offline, scripts/vite/serviceWorker.ts); a comment beside it says why
   */
  network?: true;
}

/** A page of the dashboard: in the shell, behind the sign-in gate, with the prerendered card. */
const dashboard = <const Title extends `route.${string}`>(path: string, title: Title, page: string, menu?: MenuPlace) =>
  ({ path: `/dashboard${path}`, title, page, shell: true, guarded: true, card: true, ...(menu && { menu }) }) as const;

/** A public page: no sign-in in front of it. */
const open = <const Title extends `route.${string}`>(path: string, title: Title, page: string, menu?: MenuPlace) =>
  ({ path, title, page, guarded: false, card: false, ...(menu && { menu }) }) as const;

const home = { section: 'shell.section.home' } as const;
const uikit = { section: 'shell.section.uiComponents' } as const;
const pages = { section: 'shell.section.pages' } as const;
const auth = { section: 'shell.section.pages', group: 'shell.group.auth' } as const;

/** In the menu's order; the router does not care about order (it ranks paths). */
export const ROUTES = [
  dashboard('', 'route.dashboard', 'dashboard/DashboardHome', home),
  dashboard('/crud-menu', 'route.crudMenu', 'crudmenu/CrudMenuPage', home),
  dashboard('/uikit/formlayout', 'route.formLayout', 'uikit/FormLayoutPage', uikit),
  dashboard('/uikit/input', 'route.input', 'uikit/InputPage', uikit),
  dashboard('/uikit/floatlabel', 'route.floatLabel', 'uikit/FloatLabelPage', uikit),
  dashboard('/uikit/invalidstate', 'route.invalidState', 'uikit/InvalidStatePage', uikit),
  dashboard('/uikit/button', 'route.button', 'uikit/ButtonPage', uikit),
  dashboard('/uikit/table', 'route.table', 'uikit/TablePage', uikit),
  dashboard('/uikit/list', 'route.list', 'uikit/ListPage', uikit),
  dashboard('/uikit/tree', 'route.tree', 'uikit/TreePage', uikit),
  dashboard('/uikit/panel', 'route.panel', 'uikit/PanelPage', uikit),
  dashboard('/uikit/overlay', 'route.overlay', 'uikit/OverlayPage', uikit),
  dashboard('/uikit/media', 'route.media', 'uikit/MediaPage', uikit),
  dashboard('/uikit/menu', 'route.menu', 'uikit/MenuPage', uikit),
  dashboard('/uikit/message', 'route.message', 'uikit/MessagePage', uikit),
  dashboard('/uikit/file', 'route.file', 'uikit/FilePage', uikit),
  dashboard('/uikit/chart', 'route.chart', 'uikit/ChartPage', uikit),
  dashboard('/uikit/misc', 'route.misc', 'uikit/MiscPage', uikit),
  dashboard('/blocks', 'route.blocks', 'blocks/BlocksPage', { section: 'shell.section.primeBlocks' }),
  dashboard('/utilities/icons', 'route.icons', 'icons/IconsPage', { section: 'shell.section.utilities' }),
  open('/', 'route.landing', 'landing/LandingPage', pages),
  { path: '/auth/login', title: 'route.login', guarded: true, card: true, menu: auth },
  open('/auth/error', 'route.error', 'auth/ErrorPage', auth),
  open('/auth/access', 'route.accessDenied', 'auth/AccessPage', auth),
  dashboard('/pages/crud', 'route.crud', 'crud/CrudPage', pages),
  dashboard('/pages/timeline', 'route.timeline', 'timeline/TimelinePage', pages),
  open('/notfound', 'route.notFound', 'notfound/NotFoundPage', pages),
  dashboard('/pages/empty', 'route.empty', 'empty/EmptyPage', pages),
  dashboard('/documentation', 'route.documentation', 'documentation/DocumentationPage', { section: 'shell.section.getStarted' }),
  dashboard('/account', 'route.account', 'account/AccountPage'),
  // Where the hosted UI's answer arrives: the gate's widget finishes the sign-in, and the router starts once it has.
  {
    path: '/oauth/callback',
    title: 'route.signingIn',
    guarded: true,
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

type Route = (typeof ROUTES)[number];

/** The route at `pathname`, matched as the router does (without regard to case, with an optional trailing slash). */
export function routeAt(pathname: string): Route | undefined {
  const path = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();
  return ROUTES.find((route) => route.path.toLowerCase() === path);
}
