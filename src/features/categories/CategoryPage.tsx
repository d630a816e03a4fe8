import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod/mini';
import { categoryIdPattern, isLeaf, siteIdPattern, siteOf, type Category } from '../../api/categories';
import { isApiError } from '../../api/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { safeImage, safeLink } from '../../lib/safeUrl';
import { useSession } from '../../lib/session';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import { CategoryLink, usePrefetchCategory } from './CategoryLink';
import { categoryQuery } from './queries';
import { SettingsPanel } from './SettingsPanel';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const tabs = ['settings', 'attributes', 'items', 'fees', 'packs', 'specs'] as const;
type TabId = (typeof tabs)[number];

/*
 * Only the first tab's panel comes with the page: each other one is a chunk of its own, downloaded when its tab
 * is pointed at, focused or opened (or after the page, for a link to it). The category pages' first data waited
 * for all six panels' code (the five others are 5 KB compressed) on a phone's slow network.
 */
const panelModules = {
  attributes: () => import('./AttributesPanel'),
  items: () => import('./ItemsPanel'),
  fees: () => import('./FeesPanel'),
  packs: () => import('./PromotionPacksPanel'),
  specs: () => import('./TechnicalSpecsPanel'),
} satisfies Partial<Record<TabId, () => Promise<unknown>>>;
const AttributesPanel = lazy(() => panelModules.attributes().then((module) => ({ default: module.AttributesPanel })));
const ItemsPanel = lazy(() => panelModules.items().then((module) => ({ default: module.ItemsPanel })));
const FeesPanel = lazy(() => panelModules.fees().then((module) => ({ default: module.FeesPanel })));
const PromotionPacksPanel = lazy(() => panelModules.packs().then((module) => ({ default: module.PromotionPacksPanel })));
const TechnicalSpecsPanel = lazy(() => panelModules.specs().then((module) => ({ default: module.TechnicalSpecsPanel })));
const preloadPanel = (tab: TabId) => {
  if (tab !== 'settings') void panelModules[tab]().catch(() => undefined);
};
const tabLabels: Record<TabId, MessageDescriptor> = {
  settings: msg`Settings`,
  attributes: msg`Attributes`,
  items: msg`Items`,
  fees: msg`Listing fees`,
  packs: msg`Promotion packs`,
  specs: msg`Technical specs`,
};

/** The open tab and each panel's own state live in the URL (a pasted link opens the same view). */
const categorySearchSchema = z.object({
  tab: z.catch(z.enum(tabs), 'settings'),
  attr: z.catch(z.string(), ''),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  price: z.catch(z.optional(z.coerce.number().check(z.positive())), undefined),
});
type CategorySearch = z.infer<typeof categorySearchSchema>;
type UpdateCategorySearch = (patch: Partial<Record<keyof CategorySearch, unknown>>, options?: { replace?: boolean }) => void;

function Crumb({ site, id, name, search }: { site: string; id: string; name: string; search: string }) {
  const prefetch = usePrefetchCategory(id);
  return (
    <Link component={RouterLink} to={urls.categories.detail(site, id, search)} {...prefetch}>
      {name}
    </Link>
  );
}

function CategoryTrail({ category, site, search }: { category: Category; site: string; search: string }) {
  const { t } = useLingui();
  const ancestors = category.path_from_root.slice(0, -1);
  return (
    <Breadcrumbs aria-label={t`Category path`} sx={{ mb: 1, '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to={urls.categories.index({ site })}>
        {t`All categories (${site})`}
      </Link>
      {ancestors.map((step) => (
        <Crumb key={step.id} site={site} id={step.id} name={step.name} search={search} />
      ))}
      <Typography color="text.primary" aria-current="page">
        {category.name}
      </Typography>
    </Breadcrumbs>
  );
}

function Overview({ category, site, search }: { category: Category; site: string; search: string }) {
  const { t } = useLingui();
  const leaf = isLeaf(category);
  const mode = useSession().mode ?? 'live';
  // API addresses are untrusted: one that is not a web address is left out rather than rendered.
  const picture = safeImage(category.picture, mode);
  const permalink = safeLink(category.permalink);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      {picture && <Box component="img" src={picture} alt="" width={72} height={72} sx={{ borderRadius: 2, flexShrink: 0 }} />}
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Alert severity={leaf ? 'success' : 'info'} role="note" sx={{ mb: 1 }}>
          {leaf
            ? t`Accepts listings: this is a leaf category, items are published here.`
            : t`Not a leaf: choose a subcategory to publish an item.`}
        </Alert>
        {permalink && (
          <Link href={permalink} target="_blank" rel="noopener noreferrer">
            {t`See this category on the marketplace (opens in a new tab)`}
          </Link>
        )}
        {!leaf && (
          <Paper component="section" variant="outlined" sx={{ p: 1, mt: 1 }} aria-labelledby="children-heading">
            <Typography id="children-heading" variant="subtitle1" component="h2" sx={{ px: 1 }}>
              {t`Subcategories`}
            </Typography>
            <List dense>
              {category.children_categories.map((child) => (
                <ListItem key={child.id} disablePadding>
                  <CategoryLink site={site} id={child.id} name={child.name} count={child.total_items_in_this_category} search={search} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Box>
    </Box>
  );
}

function Panel({ tab, category, state, update }: { tab: TabId; category: Category; state: CategorySearch; update: UpdateCategorySearch }) {
  switch (tab) {
    case 'settings':
      return <SettingsPanel category={category} />;
    case 'attributes':
      return <AttributesPanel category={category} query={state.attr} onQuery={(attr) => update({ attr }, { replace: true })} />;
    case 'items':
      return <ItemsPanel category={category} page={state.page} onPage={(page) => update({ page: page > 1 ? page : undefined })} />;
    case 'fees':
      return <FeesPanel category={category} price={state.price} onPrice={(price) => update({ price })} />;
    case 'packs':
      return <PromotionPacksPanel category={category} />;
    case 'specs':
      return <TechnicalSpecsPanel category={category} />;
  }
}

function CategoryView({ category, site }: { category: Category; site: string }) {
  const { t, i18n } = useLingui();
  const [state, update] = useUrlState(categorySearchSchema);
  // Moving through the tree keeps the open tab, nothing else (page, search and price belong to one category).
  const search = state.tab === 'settings' ? '' : `?tab=${state.tab}`;
  return (
    <>
      <CategoryTrail category={category} site={site} search={search} />
      <PageHeader
        title={category.name}
        subtitle={`${t`ID ${{ id: category.id }}`} · ${t`${plural({ count: category.total_items_in_this_category }, { one: `# item`, other: `# items` })}`}`}
      />
      <Overview category={category} site={site} search={search} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={state.tab}
          onChange={(_event, tab: TabId) => update({ tab: tab === 'settings' ? undefined : tab, page: undefined })}
          aria-label={t`Category details`}
          variant="scrollable"
          // Always shown (disabled at the ends) rather than "auto": buttons appearing after the first
          // measure would shift the tabs sideways.
          scrollButtons
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={i18n._(tabLabels[tab])}
              id={`category-tab-${tab}`}
              aria-controls={`category-panel-${tab}`}
              onPointerEnter={() => preloadPanel(tab)}
              onFocus={() => preloadPanel(tab)}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`category-panel-${state.tab}`} aria-labelledby={`category-tab-${state.tab}`}>
        <Suspense fallback={<Loading />}>
          <Panel tab={state.tab} category={category} state={state} update={update} />
        </Suspense>
      </Box>
    </>
  );
}

/** /categories/:site/:categoryId — a deep link that survives a reload; bad or unknown ids say so in words. */
export function CategoryPage() {
  const { t } = useLingui();
  const { site = '', categoryId = '' } = useParams();
  const valid = siteIdPattern.test(site) && categoryIdPattern.test(categoryId) && siteOf(categoryId) === site;
  const query = useQuery({ ...categoryQuery(categoryId), enabled: valid });
  // The page is drawn at low priority, in short slices, not in the one task a query's answer renders in; a
  // category still deferred from before a navigation is not shown under the new address.
  const answer = useMemo(() => query.data && { categoryId, category: query.data }, [categoryId, query.data]);
  const deferred = useDeferredValue(answer);
  const category = deferred?.categoryId === categoryId ? deferred.category : undefined;

  const notFound = (text: string) => (
    <>
      <PageHeader title={t`Category not found`} />
      <Alert severity="warning" sx={{ mb: 2 }}>
        {text}
      </Alert>
      <Link component={RouterLink} to={urls.categories.index({ site: siteIdPattern.test(site) ? site : undefined })}>
        {t`Back to the top-level categories`}
      </Link>
    </>
  );

  if (!valid)
    return notFound(t`"${{ id: categoryId }}" is not a category of site ${site}: ids are the site followed by digits, e.g. ${site}1055.`);
  if (category) return <CategoryView category={category} site={site} />;
  if (isApiError(query.error, 404))
    return notFound(
      t`There is no category ${{ id: categoryId }} on site ${site}. The API answered: "${{ message: query.error.message }}" (404).`,
    );
  return (
    <>
      <PageHeader title={t`Categories`} />
      {query.isError ? <ErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : <Loading />}
    </>
  );
}
