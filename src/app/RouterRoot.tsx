import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router.tsx';

/** The router and every route, loaded as one lazy module: the sign-in form does not wait for them. */
export default function RouterRoot({ mailboxUrl }: { mailboxUrl?: string }) {
  const [router] = useState(() => createRouter({ mailboxUrl }));
  return <RouterProvider router={router} />;
}
