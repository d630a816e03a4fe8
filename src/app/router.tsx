import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/Loading';
import { loadArea, type CatalogLoader } from '../lib/i18n';
import { useSession } from '../lib/session';
import { NotFound } from './NotFound';
import { RouteErrorBoundary } from './RouteError';
import { Shell } from './Shell';

type AreaModule = Promise<{ Component: ComponentType }>;

/**
 * An area's pages as a lazily loaded chunk (`src/features/<area>/routes.tsx` exporting `Component`,
 * owning every path below its prefix, with its catalog in the active locale), inside its own error boundary. A failed chunk download is
 * retried by the boundary's retry button: `reset` makes the next render import again.
 */
function lazyArea(load: () => AreaModule, catalog: CatalogLoader) {
  const importPage = () => Promise.all([load(), loadArea(catalog)]).then(([module]) => ({ default: module.Component }));
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

const Questions = lazyArea(
  () => import('../features/questions/routes'),
  (locale) => import(`../features/questions/locales/${locale}.po`),
);
const ResponseTime = lazyArea(
  () => import('../features/response-time/routes'),
  (locale) => import(`../features/response-time/locales/${locale}.po`),
);
const Stock = lazyArea(
  () => import('../features/stock/routes'),
  (locale) => import(`../features/stock/locales/${locale}.po`),
);
const Categories = lazyArea(
  () => import('../features/categories/routes'),
  (locale) => import(`../features/categories/locales/${locale}.po`),
);
const Fulfillment = lazyArea(
  () => import('../features/fulfillment/routes'),
  (locale) => import(`../features/fulfillment/locales/${locale}.po`),
);
const Credits = lazyArea(
  () => import('../features/credits/routes'),
  (locale) => import(`../features/credits/locales/${locale}.po`),
);
const Settings = lazyArea(
  () => import('../features/settings/routes'),
  (locale) => import(`../features/settings/locales/${locale}.po`),
);

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
