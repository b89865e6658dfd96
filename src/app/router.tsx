import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useMatch, type RouteObject } from 'react-router';
import { PageLoader, RouteEffects, usePageKey } from '../layout/index.ts';

/** A route whose module (exporting `Component`) is fetched the first time it is visited. */
type PageModule = () => Promise<{ Component: ComponentType }>;
const page = (path: string, load: PageModule): RouteObject => ({ path, lazy: load });

/** The 16 UI-kit pages, under /dashboard/uikit/. */
const uikit: RouteObject[] = [
  page('uikit/formlayout', () => import('../pages/uikit/FormLayoutPage.tsx')),
  page('uikit/input', () => import('../pages/uikit/InputPage.tsx')),
  page('uikit/floatlabel', () => import('../pages/uikit/FloatLabelPage.tsx')),
  page('uikit/invalidstate', () => import('../pages/uikit/InvalidStatePage.tsx')),
  page('uikit/button', () => import('../pages/uikit/ButtonPage.tsx')),
  page('uikit/table', () => import('../pages/uikit/TablePage.tsx')),
  page('uikit/list', () => import('../pages/uikit/ListPage.tsx')),
  page('uikit/tree', () => import('../pages/uikit/TreePage.tsx')),
  page('uikit/panel', () => import('../pages/uikit/PanelPage.tsx')),
  page('uikit/overlay', () => import('../pages/uikit/OverlayPage.tsx')),
  page('uikit/media', () => import('../pages/uikit/MediaPage.tsx')),
  page('uikit/menu', () => import('../pages/uikit/MenuPage.tsx')),
  page('uikit/message', () => import('../pages/uikit/MessagePage.tsx')),
  page('uikit/file', () => import('../pages/uikit/FilePage.tsx')),
  page('uikit/chart', () => import('../pages/uikit/ChartPage.tsx')),
  page('uikit/misc', () => import('../pages/uikit/MiscPage.tsx')),
];

/**
 * Routes of spec §2. Every page is loaded lazily, the shell and the sign-in
 * widget included; anything unknown ends on /notfound.
 */
export function createRouter(options: { mailboxUrl?: string }) {
  const { mailboxUrl } = options;
  return createBrowserRouter([
    {
      element: <Root />,
      hydrateFallbackElement: <PageLoader fullPage />,
      children: [
        { index: true, lazy: () => import('../pages/landing/LandingPage.tsx') },
        {
          path: 'dashboard',
          lazy: async () => {
            const { ProtectedLayout } = await import('./ProtectedLayout.tsx');
            return { element: <ProtectedLayout mailboxUrl={mailboxUrl} /> };
          },
          children: [
            { index: true, lazy: () => import('../pages/dashboard/DashboardHome.tsx') },
            page('crud-menu', () => import('../pages/crudmenu/CrudMenuPage.tsx')),
            ...uikit,
            page('utilities/icons', () => import('../pages/icons/IconsPage.tsx')),
            page('documentation', () => import('../pages/documentation/DocumentationPage.tsx')),
            page('blocks', () => import('../pages/blocks/BlocksPage.tsx')),
            page('pages/crud', () => import('../pages/crud/CrudPage.tsx')),
            page('pages/timeline', () => import('../pages/timeline/TimelinePage.tsx')),
            page('pages/empty', () => import('../pages/empty/EmptyPage.tsx')),
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
                return { element: <SignInRoute mailboxUrl={mailboxUrl} /> };
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

/**
 * Around every route: the navigation effects, and a key that runs a public
 * page again when its own URL is navigated to. The dashboard keys its pages
 * inside the shell, so the shell itself stays mounted.
 */
function Root() {
  const pageKey = usePageKey();
  const inShell = useMatch('/dashboard/*') !== null;
  return (
    <>
      <RouteEffects />
      <Outlet key={inShell ? 'dashboard' : pageKey} />
    </>
  );
}
