import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { siteIdPattern, type Site } from '../../api/categories';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../lib/identity';
import { useUrlState } from '../../lib/urlState';
import { CategoryLink } from './CategoryLink';
import { Predictor } from './Predictor';
import { sitesQuery, topLevelQuery } from './queries';
import { useLingui } from '@lingui/react/macro';

const searchSchema = z.object({
  site: z.catch(z.optional(z.string().check(z.regex(siteIdPattern))), undefined),
  q: z.catch(z.string(), ''),
});

/**
 * The site chosen in the URL, else the seller's site, else (no identity: live mode without a token) the
 * first site the API lists.
 */
function useChosenSite(sites: Site[] | undefined, fromUrl: string | undefined): string | undefined {
  const me = useMe();
  if (fromUrl) return fromUrl;
  if (me.data) return me.data.site_id;
  return me.isError ? sites?.[0]?.id : undefined;
}

function TopLevel({ site }: { site: string }) {
  const { t } = useLingui();
  const query = useQuery(topLevelQuery(site));
  return (
    <Section title={t`Top-level categories`}>
      <DataState query={query} isEmpty={(list) => list.length === 0} empty={<Typography>{t`This site has no categories.`}</Typography>}>
        {(categories) => (
          <List dense sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 0.5 }}>
            {categories.map((category) => (
              <ListItem key={category.id} disablePadding>
                <CategoryLink site={site} id={category.id} name={category.name} />
              </ListItem>
            ))}
          </List>
        )}
      </DataState>
    </Section>
  );
}

/** /categories: pick a site, see its top-level categories, or let the predictor find one from a title. */
export function SitePage() {
  const { t } = useLingui();
  const [state, update] = useUrlState(searchSchema);
  const sites = useQuery(sitesQuery);
  const site = useChosenSite(sites.data, state.site);
  return (
    <>
      <PageHeader
        title={t({ id: 'page:/categories:title', message: 'Categories' })}
        subtitle={t({
          id: 'page:/categories:intro',
          message: 'Browse the category tree to see where a listing belongs and what it needs.',
        })}
      />
      {/* The select is there from the start (disabled while the sites load; the sections below show the
          loading), so nothing below it moves. */}
      <TextField
        select
        label={t`Site`}
        disabled={!sites.data}
        value={site && sites.data?.some((s) => s.id === site) ? site : ''}
        onChange={(event) => update({ site: event.target.value, q: '' })}
        sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
      >
        {(sites.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {t`${{ name: s.name }} (${{ id: s.id }})`}
          </MenuItem>
        ))}
      </TextField>
      {sites.isError && <ErrorAlert error={sites.error} onRetry={() => void sites.refetch()} />}
      {site && (
        <>
          {/* The predictor first: below the long list it would jump down when the list loads. */}
          <Predictor site={site} q={state.q} onSearch={(q) => update({ q })} />
          <TopLevel site={site} />
        </>
      )}
    </>
  );
}
