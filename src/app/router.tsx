import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/Loading';
import { loadArea, type CatalogLoader } from '../lib/i18n';
import { useSession } from '../lib/session';
import { patterns, urls } from '../lib/urls';
import { RouteErrorBoundary } from './RouteError';
import { Shell } from './Shell';

type AreaModule = Promise<{ Component: ComponentType }>;

/**
 * An area's pages as a lazily loaded chunk (`src/features/<area>/routes.tsx` exporting `Component`,
 * owning every path below its prefix, with its catalog in the active locale), inside its own error boundary. A failed chunk download is
 * retried by the boundary's retry button: `reset` makes the next render import again.
 */
function lazyArea(load: () => AreaModule, catalog?: CatalogLoader) {
  const importPage = () => Promise.all([load(), catalog && loadArea(catalog)]).then(([module]) => ({ default: module.Component }));
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
// The 404 page's words are in the shell's catalog, already loaded.
const NotFound = lazyArea(() => import('./NotFound').then((module) => ({ Component: module.NotFound })));

/** A 401 in live mode leads to Settings, where the reason is shown. */
function AuthRedirect() {
  const { mode, authProblem } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (mode === 'live' && authProblem && pathname !== urls.settings.index()) void navigate(urls.settings.index());
  }, [mode, authProblem, pathname, navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <AuthRedirect />
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<Navigate to={urls.questions.index()} replace />} />
          <Route path={`${patterns.questions.root}/*`} element={<Questions />} />
          <Route path={`${patterns.responseTime.root}/*`} element={<ResponseTime />} />
          <Route path={`${patterns.stock.root}/*`} element={<Stock />} />
          <Route path={`${patterns.categories.root}/*`} element={<Categories />} />
          <Route path={`${patterns.fulfillment.root}/*`} element={<Fulfillment />} />
          <Route path={`${patterns.credits.root}/*`} element={<Credits />} />
          <Route path={`${patterns.settings.root}/*`} element={<Settings />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}
