import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { gatePath } from './gatePath.ts';
import { createRouter, type AppRouter } from './router.tsx';

/**
 * The one router of the page. The sign-in gate (AppRoutes) unmounts this
 * module's component while it shows the card in front of a guarded path
 * (after a sign-out, say), so the router outlives it: mounted again after
 * the sign-in, it is where it was, its pages already loaded. It tells the
 * gate where it is on every change, the Back button's included.
 */
let theOne: AppRouter | undefined;
function theRouter(): AppRouter {
  if (!theOne) {
    theOne = createRouter();
    theOne.subscribe((state) => gatePath.follow(state.location.pathname));
  }
  return theOne;
}

/**
 * The router, once it has fetched the modules of the page it opens on. RouterProvider reads the router's state
 * as it renders and hears of changes only once mounted; React may hold a Suspense boundary's reveal back a few
 * hundred milliseconds between the two, and a router that finished in that gap was left on its fallback for good
 * (seen after a sign-up, and on the landing page). So the router is ready before it is rendered.
 */
export function routerReady(): Promise<AppRouter> {
  const router = theRouter();
  if (router.state.initialized) return Promise.resolve(router);
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve(router);
    });
  });
}

/** The router and every route, loaded as one lazy module: the sign-in form does not wait for them. */
export default function RouterRoot() {
  const [router] = useState(theRouter);
  // From now on the gate decides on the router's path (the hosted UI's return may have moved the address since the page loaded).
  useEffect(() => gatePath.follow(router.state.location.pathname), [router]);
  return <RouterProvider router={router} />;
}
