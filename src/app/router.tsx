import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/Loading';
import { useSession } from '../lib/session';
import { NotFound } from './NotFound';
import { RouteErrorBoundary } from './RouteError';
import { Shell } from './Shell';

type AreaModule = Promise<{ Component: ComponentType }>;

/**
 * An area's pages as a lazily loaded chunk (`src/features/<area>/routes.tsx` exporting `Component`,
 * owning every path below its prefix), inside its own error boundary. A failed chunk download is
 * retried by the boundary's retry button: `reset` makes the next render import again.
 */
function lazyArea(load: () => AreaModule) {
  const importPage = () => load().then((module) => ({ default: module.Component }));
  let Page = lazy(importPage);
  const reset = () => {
    Page = lazy(importPage);
  };
  return function Area() {
    return (
      <RouteErrorBoundary onReset={reset}>
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}

const Questions = lazyArea(() => import('../features/questions/routes'));
const ResponseTime = lazyArea(() => import('../features/response-time/routes'));
const Stock = lazyArea(() => import('../features/stock/routes'));
const Categories = lazyArea(() => import('../features/categories/routes'));
const Fulfillment = lazyArea(() => import('../features/fulfillment/routes'));
const Credits = lazyArea(() => import('../features/credits/routes'));
const Settings = lazyArea(() => import('../features/settings/routes'));

/** A 401 in live mode leads to Settings, where the reason is shown. */
function AuthRedirect() {
  const { mode, authProblem } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (mode === 'live' && authProblem && pathname !== '/settings') void navigate('/settings');
  }, [mode, authProblem, pathname, navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <AuthRedirect />
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<Navigate to="/questions" replace />} />
          <Route path="questions/*" element={<Questions />} />
          <Route path="response-time/*" element={<ResponseTime />} />
          <Route path="stock/*" element={<Stock />} />
          <Route path="categories/*" element={<Categories />} />
          <Route path="fulfillment/*" element={<Fulfillment />} />
          <Route path="credits/*" element={<Credits />} />
          <Route path="settings/*" element={<Settings />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}
