// Every Mantine style the pages may need, before any page's own styles; the sign-in screens' share came with the entry.
import './styles/pageStyles.ts';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useMatch, type RouteObject } from 'react-router';
import { PageLoader, RouteEffects, usePageKey } from '../layout/index.ts';
import { DASHBOARD_PAGES, markFirstScreenShown, type DashboardPage } from '../first-paint/index.ts';
import { RouteError } from './RouteError.tsx';

/** A route whose module (exporting `Component`) is fetched the first time it is visited. */
type PageModule = () => Promise<{ Component: ComponentType }>;

/**
 * A module that did not arrive becomes a page that throws while rendering: a
 * failed `lazy` left the router waiting with nothing on screen (seen with
 * React Router 7.18), while a render error reaches the nearest errorElement.
 */
const orFailure =
  (load: PageModule): PageModule =>
  () =>
    load().catch((error: unknown) => ({
      Component: () => {
        throw error;
      },
    }));

const page = (path: string, load: PageModule): RouteObject => ({ path, lazy: orFailure(load) });

/**
 * A dashboard page that fails (its chunk did not arrive: offline, or removed
 * by a deploy) shows the error page where the page would be, inside the shell.
 */
const shellPage = (path: string, load: PageModule): RouteObject => ({ ...page(path, load), errorElement: <RouteError /> });

/** The dashboard's pages, one module each; the type insists on every path of src/first-paint/signInPaths.ts. */
const dashboardPages: Record<DashboardPage, PageModule> = {
  'crud-menu': () => import('../pages/crudmenu/CrudMenuPage.tsx'),
  'uikit/formlayout': () => import('../pages/uikit/FormLayoutPage.tsx'),
  'uikit/input': () => import('../pages/uikit/InputPage.tsx'),
  'uikit/floatlabel': () => import('../pages/uikit/FloatLabelPage.tsx'),
  'uikit/invalidstate': () => import('../pages/uikit/InvalidStatePage.tsx'),
  'uikit/button': () => import('../pages/uikit/ButtonPage.tsx'),
  'uikit/table': () => import('../pages/uikit/TablePage.tsx'),
  'uikit/list': () => import('../pages/uikit/ListPage.tsx'),
  'uikit/tree': () => import('../pages/uikit/TreePage.tsx'),
  'uikit/panel': () => import('../pages/uikit/PanelPage.tsx'),
  'uikit/overlay': () => import('../pages/uikit/OverlayPage.tsx'),
  'uikit/media': () => import('../pages/uikit/MediaPage.tsx'),
  'uikit/menu': () => import('../pages/uikit/MenuPage.tsx'),
  'uikit/message': () => import('../pages/uikit/MessagePage.tsx'),
  'uikit/file': () => import('../pages/uikit/FilePage.tsx'),
  'uikit/chart': () => import('../pages/uikit/ChartPage.tsx'),
  'uikit/misc': () => import('../pages/uikit/MiscPage.tsx'),
  'utilities/icons': () => import('../pages/icons/IconsPage.tsx'),
  documentation: () => import('../pages/documentation/DocumentationPage.tsx'),
  blocks: () => import('../pages/blocks/BlocksPage.tsx'),
  'pages/crud': () => import('../pages/crud/CrudPage.tsx'),
  'pages/timeline': () => import('../pages/timeline/TimelinePage.tsx'),
  'pages/empty': () => import('../pages/empty/EmptyPage.tsx'),
  account: () => import('../pages/account/AccountPage.tsx'),
};

/**
 * Routes of spec §2. Every page is loaded lazily, the shell and the sign-in
 * widget included; anything unknown ends on /notfound. Whatever fails to
 * load or render ends on the error page with a Reload button, never on the
 * router's developer screen.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      hydrateFallbackElement: <PageLoader fullPage />,
      errorElement: <RouteError fullPage />,
      children: [
        { index: true, lazy: orFailure(() => import('../pages/landing/LandingPage.tsx')) },
        {
          path: 'dashboard',
          lazy: async () => {
            const { ProtectedLayout } = await import('./ProtectedLayout.tsx');
            return { element: <ProtectedLayout /> };
          },
          children: [
            { index: true, lazy: orFailure(() => import('../pages/dashboard/DashboardHome.tsx')), errorElement: <RouteError /> },
            ...DASHBOARD_PAGES.map((path) => shellPage(path, dashboardPages[path])),
          ],
        },
        {
          path: 'auth',
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            {
              path: 'login',
              lazy: async () => {
                const { SignInRoute } = await import('./ProtectedLayout.tsx');
                return { element: <SignInRoute /> };
              },
            },
            page('error', () => import('../pages/auth/ErrorPage.tsx')),
            page('access', () => import('../pages/auth/AccessPage.tsx')),
          ],
        },
        page('notfound', () => import('../pages/notfound/NotFoundPage.tsx')),
        { path: '*', element: <Navigate to="/notfound" replace /> },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createRouter>;

/**
 * Around every route: the navigation effects, and a key that runs a public
 * page again when its own URL is navigated to. The dashboard keys its pages
 * inside the shell, so the shell itself stays mounted. Its first render is
 * the app's first screen (for the service worker's registration).
 */
function Root() {
  const pageKey = usePageKey();
  const inShell = useMatch('/dashboard/*') !== null;
  useEffect(markFirstScreenShown, []);
  return (
    <>
      <RouteEffects />
      <Outlet key={inShell ? 'dashboard' : pageKey} />
    </>
  );
}
