// Every Mantine style the pages may need, before any page's own styles; the sign-in screens' share came with the entry.
import './styles/pageStyles.ts';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useMatch, useSearchParams, type RouteObject } from 'react-router';
import { useRoute } from '../authenticator/index.ts';
import { PageLoader, RouteEffects, safeRedirect, usePageKey } from '../layout/index.ts';
import { markFirstPageShown, markFirstScreenShown } from '../first-paint/index.ts';
import { ROUTES, type AppRoute } from '../routes/manifest.ts';
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

/** Every page module under src/pages/, each fetched the first time its route is visited. */
const PAGE_MODULES = import.meta.glob<{ Component: ComponentType }>(['../pages/**/*Page.tsx', '../pages/dashboard/DashboardHome.tsx']);

/** The module the manifest names for a route (a missing one fails at start-up, and in the router's unit test). */
function moduleOf(route: AppRoute): PageModule {
  const load = route.page === undefined ? undefined : PAGE_MODULES[`../pages/${route.page}.tsx`];
  if (!load) throw new Error(`The route ${route.path} names no page module under src/pages/ (${route.page}).`);
  return load;
}

const IN_SHELL = '/dashboard';
/** The routes of the manifest that have a page of their own, in the shell or not. */
const shellRoutes = ROUTES.filter((route) => 'shell' in route);
const publicPages = ROUTES.filter((route) => !('shell' in route) && 'page' in route);

/**
 * Routes of spec §2. Every page is loaded lazily, the shell included; the
 * sign-in widget is not a route: the gate above the router (AppRoutes) shows
 * it on the paths the manifest guards. Anything unknown ends on /notfound. Whatever fails to
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
        ...publicPages.map((route) =>
          route.path === '/' ? { index: true, lazy: orFailure(moduleOf(route)) } : page(route.path, moduleOf(route)),
        ),
        {
          path: 'dashboard',
          lazy: async () => {
            const { ProtectedLayout } = await import('./ProtectedLayout.tsx');
            return { element: <ProtectedLayout /> };
          },
          children: shellRoutes.map((route) =>
            route.path === IN_SHELL
              ? { index: true, lazy: orFailure(moduleOf(route)), errorElement: <RouteError /> }
              : shellPage(route.path.slice(IN_SHELL.length + 1), moduleOf(route)),
          ),
        },
        {
          path: 'auth',
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            // The gate shows the sign-in widget here; the router comes once the customer is signed in.
            { path: 'login', element: <RedirectAfterSignIn /> },
          ],
        },
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
 * the app's first page (for the service worker's registration), and on a
 * public page its first screen too.
 */
function Root() {
  const pageKey = usePageKey();
  const inShell = useMatch('/dashboard/*') !== null;
  useEffect(() => {
    markFirstScreenShown();
    markFirstPageShown();
  }, []);
  return (
    <>
      <RouteEffects />
      <Outlet key={inShell ? 'dashboard' : pageKey} />
    </>
  );
}

/**
 * /auth/login, reached only through the gate, once signed in: the page `?redirect=` names (on this origin) or
 * the dashboard. It waits for the gate's word, never moving a visitor who is not signed in on.
 */
function RedirectAfterSignIn() {
  const [params] = useSearchParams();
  const signedIn = useRoute() === 'authenticated';
  return signedIn ? <Navigate to={safeRedirect(params.get('redirect'), window.location.origin)} replace /> : null;
}
