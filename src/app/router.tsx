import { createBrowserRouter, Navigate } from 'react-router';
import { NotFound } from './NotFound';
import { RouteError } from './RouteError';
import { Shell } from './Shell';

/**
 * Each area is a lazily loaded chunk (`src/features/<area>/routes.tsx` exporting `Component`) that owns
 * the paths below its prefix; each has its own error boundary so a failing page keeps the shell.
 */
export function createRouter() {
  const area = (path: string, load: () => Promise<{ Component: React.ComponentType }>) => ({
    path,
    lazy: load,
    ErrorBoundary: RouteError,
  });
  return createBrowserRouter([
    {
      Component: Shell,
      ErrorBoundary: RouteError,
      children: [
        { index: true, element: <Navigate to="/questions" replace /> },
        area('questions/*', () => import('../features/questions/routes')),
        area('response-time/*', () => import('../features/response-time/routes')),
        area('stock/*', () => import('../features/stock/routes')),
        area('categories/*', () => import('../features/categories/routes')),
        area('fulfillment/*', () => import('../features/fulfillment/routes')),
        area('credits/*', () => import('../features/credits/routes')),
        area('settings/*', () => import('../features/settings/routes')),
        { path: '*', Component: NotFound },
      ],
    },
  ]);
}
