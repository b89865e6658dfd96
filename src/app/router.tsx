import { createBrowserRouter, Navigate } from 'react-router';
import { ProtectedLayout } from './ProtectedLayout.tsx';

/** Routes of spec §2. Pages are loaded lazily; anything unknown ends on /notfound. */
export function createRouter(options: { mailboxUrl?: string }) {
  return createBrowserRouter([
    { path: '/', lazy: () => import('../pages/landing/LandingPage.tsx') },
    {
      path: '/dashboard',
      element: <ProtectedLayout mailboxUrl={options.mailboxUrl} />,
      children: [{ index: true, lazy: () => import('../pages/dashboard/DashboardHome.tsx') }],
    },
    { path: '/notfound', lazy: () => import('../pages/notfound/NotFoundPage.tsx') },
    { path: '*', element: <Navigate to="/notfound" replace /> },
  ]);
}
