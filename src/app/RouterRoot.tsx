import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router.tsx';

/** The router and every route, loaded as one lazy module: the sign-in form does not wait for them. */
export default function RouterRoot() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}
