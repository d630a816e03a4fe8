import { lazy, Suspense, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import type { Permission } from '../../core/roles.ts';
import { Route, Routes, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { loadArea, type CatalogLoader } from '../lib/i18n';
import { areaReads, useGrants } from '../lib/permissions';
import { prebuilt } from '../lib/prebuiltStyles';
import { accessOf, pagesKey, useSession } from '../lib/session';
import { track, useShowOnArrival, type Download } from '../lib/useShowOnArrival';
import { patterns } from '../lib/urls';
import { activityCatalog, settingsCatalog } from './catalogs';
import { queried } from './queries';
import { BootFrame, PageLoading } from './PageFrame';
import { RouteErrorBoundary } from './RouteError';
import { Shell } from './Shell';
import { themed } from './themed';

/** An area's routes module: its pages, and the classes of its prebuilt MUI stylesheet, which it imports. */
type AreaModule = Promise<{ Component: ComponentType; prebuiltStyles?: readonly string[] }>;

/**
 * An area's pages as a lazily loaded chunk (`src/features/<area>/routes.tsx` exporting `Component`,
 * owning every path below its prefix, with its catalog in the active locale, the query client and MUI's theme), inside
 * its own error boundary. A failed download is retried by the boundary's retry button: `reset` makes the
 * next render import again.
 */
function lazyArea(load: () => AreaModule, ...catalogs: CatalogLoader[]) {
  const loadPage = queried(
    themed(() =>
      load().then((module) => {
        prebuilt(module.prebuiltStyles ?? []);
        return module.Component;
      }),
    ),
  );
  let download: Download | undefined;
  const importPage = () => {
    const page = Promise.all([loadPage(), ...catalogs.map(loadArea)]).then(([Component]) => ({ default: Component }));
    download = track(page);
    return page;
  };
  const currentDownload = () => download;
  let Page = lazy(importPage);
  const reset = () => {
    Page = lazy(importPage);
  };
  return function Area() {
    // Not memoized by the React Compiler: rendering again after the page's download must reach the boundary.
    'use no memo';
    useShowOnArrival(currentDownload);
    return (
      <RouteErrorBoundary onReset={reset}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}

// The home screen lists the latest activity in the activity area's words.
const Home = lazyArea(
  () => import('../features/home/routes'),
  (locale) => import(`../features/home/locales/${locale}.po`),
  activityCatalog,
);
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
const Audit = lazyArea(
  () => import('../features/audit/routes'),
  (locale) => import(`../features/audit/locales/${locale}.po`),
);
const Activity = lazyArea(() => import('../features/activity/routes'), activityCatalog);
const Settings = lazyArea(() => import('../features/settings/routes'), settingsCatalog);
const SignIn = lazyArea(
  () => import('../features/settings/SignInPage').then((module) => ({ Component: module.SignInPage })),
  settingsCatalog,
);
const Join = lazyArea(() => import('../features/settings/JoinPage').then((module) => ({ Component: module.JoinPage })), settingsCatalog);
const NoAccount = lazyArea(
  () => import('../features/settings/NoAccountPage').then((module) => ({ Component: module.NoAccountPage })),
  settingsCatalog,
);
// The 404 page's words are in the shell's catalog, already loaded.
const NotFound = lazyArea(() => import('./NotFound').then((module) => ({ Component: module.NotFound })));
// Its words come with the settings area's catalog, so the shell's first-paint catalog does not carry them.
const loadAccessProblem = themed(() => import('../features/settings/AccessProblem').then((module) => module.AccessProblem));
const AccessProblem = lazy(() =>
  Promise.all([loadAccessProblem(), loadArea(settingsCatalog)]).then(([Component]) => ({ default: Component })),
);

// Its words are the shell's.
const loadNotAllowed = themed(() => import('./NotAllowed').then((module) => module.NotAllowed));
const NotAllowed = lazy(() => loadNotAllowed().then((Component) => ({ default: Component })));

/** An area the person's role may not read says so (the server would refuse every read of it). */
function Gate({ needs, children }: { needs: Permission; children: ReactNode }) {
  if (useGrants().can(needs)) return children;
  return (
    <Suspense fallback={<Loading />}>
      <NotAllowed needs={needs} />
    </Suspense>
  );
}

/**
 * The pages only when the app knows its mode and, in live mode, whom it works for. They are keyed by the
 * active account: switching remounts them, so nothing of one seller's pages survives under another.
 */
export function AppRoutes() {
  // The session store's changes render at once, in one task (useSyncExternalStore). Live mode's first answer
  // to who is signed in mounts the shell and the page: deferred, that renders in short, interruptible slices,
  // not in one task of 30-90 ms at 1x. Every later change (sign-out, another account) renders at once, so no
  // page of the previous session reads on.
  const current = useSession();
  const deferred = useDeferredValue(current);
  const session = accessOf(deferred) === 'checking' ? deferred : current;
  const access = accessOf(session);
  const { pathname } = useLocation();
  if (access === 'checking') return <BootFrame />;
  // An invitation is opened signed in or not, with or without an account.
  if (session.mode !== null && pathname === patterns.join.root && access !== 'unreachable') return <Join />;
  if (access === 'sign-in') return <SignIn />;
  if (access === 'no-account') return <NoAccount />;
  if (access !== 'open')
    return (
      <Suspense fallback={<Loading />}>
        <AccessProblem problem={access} />
      </Suspense>
    );
  return (
    <Routes key={pagesKey(session)}>
      <Route element={<Shell />}>
        <Route index element={<Home />} />
        <Route
          path={`${patterns.questions.root}/*`}
          element={
            <Gate needs={areaReads.questions}>
              <Questions />
            </Gate>
          }
        />
        <Route
          path={`${patterns.responseTime.root}/*`}
          element={
            <Gate needs={areaReads.responseTime}>
              <ResponseTime />
            </Gate>
          }
        />
        <Route
          path={`${patterns.stock.root}/*`}
          element={
            <Gate needs={areaReads.stock}>
              <Stock />
            </Gate>
          }
        />
        <Route
          path={`${patterns.categories.root}/*`}
          element={
            <Gate needs={areaReads.categories}>
              <Categories />
            </Gate>
          }
        />
        <Route
          path={`${patterns.fulfillment.root}/*`}
          element={
            <Gate needs={areaReads.fulfillment}>
              <Fulfillment />
            </Gate>
          }
        />
        <Route
          path={`${patterns.credits.root}/*`}
          element={
            <Gate needs={areaReads.credits}>
              <Credits />
            </Gate>
          }
        />
        <Route path={`${patterns.activity.root}/*`} element={<Activity />} />
        <Route
          path={`${patterns.audit.root}/*`}
          element={
            <Gate needs={areaReads.audit}>
              <Audit />
            </Gate>
          }
        />
        <Route path={`${patterns.settings.root}/*`} element={<Settings />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
