import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Download from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { DataState } from '../../components/DataState';
import { AllAccountsLeads, useLeadAccounts } from './AllAccountsLeads';
import { PageHeader } from '../../components/PageHeader';
import { downloadText, toCsv } from '../../lib/csv';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useUrlState } from '../../lib/urlState';
import { describeCreditLeadError } from './errors';
import { CreditLeadPanel } from './CreditLeadPanel';
import { leadsOf, useCreditLeadViews, type CreditLeadView } from './creditLeadView';
import { markCreditLeadsVisited } from './navBadge';
import { creditLeadSearchQuery } from './queries';
import { ResultsTable } from './ResultsTable';
import { SearchForm } from './SearchForm';
import { useCarryOverMarks } from './reviewed';
import { problemsByField, reviewFilterOf, reviewFilters, searchUrlSchema, toSearchParams, type ReviewFilter } from './searchState';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { problemLabels, reviewLabels } from './labels';

/** The CSV of the rows on screen: lead, item and financing only; no buyer id, name, email or phone. */
function exportCsv(rows: CreditLeadView[], from: string, to: string) {
  const csv = toCsv(rows, [
    { header: 'lead_id', value: (row) => row.lead.id },
    { header: 'item_id', value: (row) => row.lead.item_id },
    { header: 'item_title', value: (row) => row.itemTitle },
    { header: 'down_payment_amount', value: (row) => row.lead.down_payment_amount },
    { header: 'installments_number', value: (row) => row.lead.installments_number },
    { header: 'installments_amount', value: (row) => row.lead.installments_amount },
    { header: 'currency', value: (row) => row.currency },
    { header: 'financial_entity_id', value: (row) => row.lead.financial_entity_id },
    { header: 'proposal_id', value: (row) => row.lead.proposal_id },
    { header: 'date_created', value: (row) => row.lead.date_created },
    { header: 'status', value: (row) => row.status },
    { header: 'expired', value: (row) => row.lead.expired },
    // The team's review status (docs/roles.md); an earlier version's `reviewed` column was one device's marks.
    { header: 'review_status', value: (row) => row.review?.status ?? 'new' },
  ]);
  downloadText(`credit-leads_${from.slice(0, 10)}_${to.slice(0, 10)}.csv`, csv);
}

export function CreditLeadsPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const theme = useTheme();
  const beside = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { id } = useParams();
  const { search } = useLocation();
  const [state, update] = useUrlState(searchUrlSchema);
  const me = useMe();
  const { sandbox } = useSession();

  // Arriving and leaving both count as a visit: leads seen while here are not "new" afterwards.
  useEffect(() => {
    markCreditLeadsVisited();
    return markCreditLeadsVisited;
  }, []);

  const params = toSearchParams(state, me.data?.id ?? 0);
  const problems = problemsByField(params);
  const refused = Object.values(problems);
  // "All my accounts" is offered to a person who reads leads on several accounts; a link with it stays usable
  // (the active account's list) for one who no longer does.
  const leadAccounts = useLeadAccounts();
  const allAccounts = state.accounts === 'all' && leadAccounts.length > 1;
  const query = useQuery({
    ...creditLeadSearchQuery(params, sandbox),
    enabled: me.data !== undefined && refused.length === 0 && !allAccounts,
  });
  const showList = !id || beside || allAccounts;
  const reviewFilter = reviewFilterOf(state);
  const rows = useCreditLeadViews(query.data, state.status, reviewFilter, showList);
  useCarryOverMarks(leadsOf(rows));
  // The page of results and its rows go to DataState as one value, which it draws deferred, so the rows always
  // match the page they are shown with. This component reads react-query's stores and draws only cheap parts: had
  // it deferred them itself, it would take part in the slow deferred render, and an answer arriving between two of
  // its slices (the seller's, an item's) makes React draw it all again at once, to stay consistent with the store
  // (one task of 40-60 ms at 1x on a phone, in one load of three).
  const results = query.data && { page: query.data, rows };
  const reviewField = (
    <TextField
      select
      size="small"
      label={t`Review`}
      value={reviewFilter}
      onChange={(e) => update({ review: e.target.value === 'any' ? undefined : (e.target.value as ReviewFilter), reviewed: undefined })}
      sx={{ minWidth: 200 }}
    >
      {reviewFilters.map((value) => (
        <MenuItem key={value} value={value}>
          {i18n._(reviewLabels[value])}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <PageHeader
        title={t({ id: 'page:/credits:title', message: 'Credit leads' })}
        subtitle={t({
          id: 'page:/credits:intro',
          message: 'Pre-approved financing proposals for your items, and the buyers interested in them.',
        })}
      />
      {sandbox && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{t`Test data`}</AlertTitle>
          {t`The credit sandbox is on (Settings): these leads are test data, not real buyers.`}
        </Alert>
      )}
      {leadAccounts.length > 1 && (
        <FormControlLabel
          control={
            <Switch
              checked={allAccounts}
              onChange={(event) => update({ accounts: event.target.checked ? 'all' : undefined, account: undefined })}
            />
          }
          label={t`All my accounts`}
          sx={{ mb: 1 }}
        />
      )}
      {showList && (
        <SearchForm
          key={JSON.stringify([state.from, state.to, state.status, state.entity, state.item])}
          applied={state}
          onSearch={(patch) => update({ ...patch, offset: undefined })}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: id && beside && !allAccounts ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
        }}
      >
        {showList && (
          <Paper variant="outlined" component="section" aria-label={t`Credit leads found`} sx={{ p: 2, minWidth: 0 }}>
            {refused.length > 0 ? (
              <Alert severity="error">
                <AlertTitle>{t`Nothing was sent: correct the search first.`}</AlertTitle>
                {refused.map((problem) => (
                  <div key={problem}>{i18n._(problemLabels[problem])}</div>
                ))}
              </Alert>
            ) : allAccounts ? (
              <AllAccountsLeads
                params={params}
                accounts={leadAccounts}
                account={state.account}
                onAccount={(account) => update({ account })}
                reviewFilter={reviewFilter}
                reviewField={reviewField}
              />
            ) : (
              <DataState
                query={{ data: results, isError: query.isError, error: query.error, refetch: query.refetch }}
                describeError={describeCreditLeadError}
                isEmpty={({ page }) => page.paging.total === 0}
                empty={<Typography>{t`No leads match this search. Try a wider date range or another status.`}</Typography>}
              >
                {({ page, rows }) => (
                  <>
                    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                      <Typography role="status" sx={{ flex: '1 1 auto', fontWeight: 600 }}>
                        {t`${plural({ count: page.paging.total }, { 0: `No leads`, one: `# lead`, other: `# leads` })} from ${{ from: format.date(page.date_from) }} to ${{ to: format.date(page.date_to) }}`}
                      </Typography>
                      {reviewField}
                      <Button
                        variant="outlined"
                        startIcon={<Download />}
                        disabled={leadsOf(rows).length === 0}
                        onClick={() => {
                          const leads = leadsOf(rows);
                          exportCsv(leads, page.date_from, page.date_to);
                          showToast(
                            t`Exported ${plural({ count: leads.length }, { one: `# lead`, other: `# leads` })} without personal data.`,
                            'success',
                          );
                        }}
                      >
                        {t`Export CSV`}
                      </Button>
                    </Stack>
                    {/* The previous page stays on screen while the next loads: say so. */}
                    {query.isPlaceholderData && <LinearProgress aria-label={t`Loading the new results…`} />}
                    {rows.length === 0 && <Typography sx={{ my: 2 }}>{t`No lead on this page matches the review filter.`}</Typography>}
                    <ResultsTable
                      page={page}
                      rows={rows}
                      selectedId={id}
                      search={search}
                      onPage={(offset, limit) => update({ offset: offset || undefined, limit: limit === 100 ? undefined : limit })}
                    />
                  </>
                )}
              </DataState>
            )}
          </Paper>
        )}
        {id && !allAccounts && <CreditLeadPanel id={id} rows={leadsOf(rows)} search={search} beside={beside} />}
      </Box>
    </>
  );
}
