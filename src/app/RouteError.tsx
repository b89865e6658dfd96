import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CHUNK_FAILURE, LoadFailure } from './LoadFailure.tsx';

/**
 * What the router shows when a route fails to load or to render: after a
 * deploy the old page's chunks are gone, and offline they never arrive.
 * Instead of React Router's developer screen the customer gets a finished
 * page and a way out. Inside the shell it takes the page's place; at the root
 * it is the whole page.
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    // The reason, for whoever reads the console; it names a file, never a token.
    console.error('A route could not be shown:', error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    return <LoadFailure fullPage={fullPage} title="app.routeFailureTitle" text="app.routeFailureText" values={{ status: error.status }} />;
  }
  return <LoadFailure fullPage={fullPage} {...CHUNK_FAILURE} />;
}
