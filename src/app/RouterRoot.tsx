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

/** The router and every route, loaded as one lazy module: the sign-in form does not wait for them. */
export default function RouterRoot() {
  const [router] = useState(theRouter);
  // From now on the gate decides on the router's path (the hosted UI's return may have moved the address since the page loaded).
  useEffect(() => gatePath.follow(router.state.location.pathname), [router]);
  return <RouterProvider router={router} />;
}
