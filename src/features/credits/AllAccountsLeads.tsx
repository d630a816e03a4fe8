import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { leadReviewStatuses, type LeadReviewStatus } from '../../../core/leadReviews.ts';
import { can, isRole } from '../../../core/roles.ts';
import type { CreditLead, CreditLeadSearchParams, LeadReview } from '../../api/credits';
import { isUnreadable } from '../../api/unreadable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session';
import { showErrorToast, showToast } from '../../lib/toast';
import { matchesReview, siteCurrencies } from './creditLeadView';
import { describeCreditLeadError } from './errors';
import { reviewStatusLabels } from './labels';
import { accountLeadReviewsQuery, accountLeadSearchQuery, useSetAccountLeadReview } from './queries';
import { LeadCells, LeadHeads, shortId } from './ResultsTable';
import type { ReviewFilter } from './searchState';
import styles from './ResultsTable.module.css';

/** An account the person reads credit leads on (docs/roles.md, "Across accounts"). */
export interface LeadAccount {
  id: string;
  nickname: string;
  siteId: string;
  /** Whether their role there includes reviewing leads. */
  mayReview: boolean;
}

/** The accounts of the session whose leads the person may read (live mode; demo mode's one person has one account). */
export function useLeadAccounts(): LeadAccount[] {
  const { server } = useSession();
  return (server?.accounts ?? []).flatMap((account) =>
    isRole(account.role) && can(account.role, 'credits.read') && !account.needsSignIn
      ? [{ id: account.id, nickname: account.nickname, siteId: account.site_id, mayReview: can(account.role, 'credits.review') }]
      : [],
  );
}

interface Row {
  account: LeadAccount;
  lead: CreditLead;
  review: LeadReview | undefined;
}

interface AllAccountsLeadsProps {
  /** The page's search, checked by the same rules before anything is sent; each account's is this with its seller id. */
  params: CreditLeadSearchParams;
  accounts: LeadAccount[];
  /** The account filter (an id), or every account. */
  account: string | undefined;
  onAccount: (account: string | undefined) => void;
  reviewFilter: ReviewFilter;
  /** The review filter's field, beside the account filter. */
  reviewField: ReactNode;
}

/**
 * "All my accounts": one list of the leads of every account the person reads leads on, with an account column and
 * filter. Each account's search is its own request, made with its `x-seller-account` (a few at a time: queries.ts);
 * an account whose read fails says so in place, the others' leads stay. Each account gives its first page of the
 * search (the page size chosen, at most 100), newest first: the list says when an account has more, and the
 * search's dates narrow it. Paging across accounts, whose pages end at different dates, would need every account's
 * leads read up to the page asked for; a lead's detail and its buyer are opened from its own account's list, so
 * that the reveal is made, and recorded, on that account. Reviews are made in place, with the lead's account.
 */
export function AllAccountsLeads({ params, accounts, account, onAccount, reviewFilter, reviewField }: AllAccountsLeadsProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { sandbox } = useSession();
  const shown = accounts.filter((candidate) => account === undefined || candidate.id === account);
  const searches = useQueries({ queries: shown.map((one) => accountLeadSearchQuery(one.id, { ...params, offset: 0 }, sandbox)) });
  const reviews = useQueries({ queries: shown.map((one) => accountLeadReviewsQuery(one.id, sandbox)) });
  const save = useSetAccountLeadReview(sandbox);

  const rows: Row[] = shown
    .flatMap((one, index) => {
      const byLead = new Map((reviews[index]?.data ?? []).map((review) => [review.leadId, review]));
      return (searches[index]?.data?.results ?? []).flatMap((lead) =>
        isUnreadable(lead) ? [] : [{ account: one, lead, review: byLead.get(lead.id) }],
      );
    })
    .filter((row) => matchesReview(row.review, reviewFilter))
    .sort((a, b) => b.lead.date_created.localeCompare(a.lead.date_created));

  const setReview = (row: Row, status: LeadReviewStatus) =>
    save.mutate(
      { account: row.account.id, leadId: row.lead.id, status, note: row.review?.note ?? null },
      { onSuccess: () => showToast(t`Review saved.`, 'success'), onError: showErrorToast },
    );

  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t`Account`}
          value={account ?? ''}
          onChange={(event) => onAccount(event.target.value || undefined)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t`Every account`}</MenuItem>
          {accounts.map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {one.nickname}
            </MenuItem>
          ))}
        </TextField>
        {reviewField}
        <Typography role="status" sx={{ fontWeight: 600 }}>
          {t`${plural({ count: rows.length }, { 0: `No leads`, one: `# lead`, other: `# leads` })} shown`}
        </Typography>
      </Stack>
      <Stack component="ul" aria-label={t`Accounts searched`} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {shown.map((one, index) => {
          const search = searches[index]!;
          const failed = search.isError ? search : reviews[index]?.isError ? reviews[index] : undefined;
          const results = search.data?.results ?? [];
          const unreadable = results.filter(isUnreadable).length;
          return (
            <li key={one.id}>
              {failed ? (
                <ErrorAlert
                  title={t`${{ account: one.nickname }}: its leads could not be read`}
                  error={failed.error}
                  describeError={describeCreditLeadError}
                  onRetry={() => void failed.refetch()}
                />
              ) : search.data ? (
                <Typography variant="body2">
                  {t`${{ account: one.nickname }}: ${plural({ count: search.data.paging.total }, { 0: `no leads`, one: `# lead`, other: `# leads` })}`}
                  {search.data.paging.total > results.length &&
                    ` ${t`(the newest ${{ count: format.number(results.length) }} are listed; narrow the dates to see the others)`}`}
                  {unreadable > 0 && ` ${t`(${{ count: format.number(unreadable) }} could not be read)`}`}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">{t`${{ account: one.nickname }}: loading…`}</Typography>
              )}
            </li>
          );
        })}
      </Stack>
      {rows.length === 0 ? (
        <Alert severity="info">{t`No lead of these accounts matches this search and review filter.`}</Alert>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table} aria-label={t`Credit leads of all my accounts`}>
            <thead className={styles.head}>
              <tr>
                <th scope="col" className={styles.cell}>{t`Account`}</th>
                <th scope="col" className={styles.cell}>{t`Lead`}</th>
                <th scope="col" className={styles.cell}>
                  {t({ message: `Item`, context: 'credit lead' })}
                </th>
                <LeadHeads />
                <th scope="col" className={styles.cell}>{t`Review`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const { lead } = row;
                return (
                  <tr key={`${row.account.id} ${lead.id}`}>
                    <td className={styles.cell}>{row.account.nickname}</td>
                    <td className={`${styles.cell} ${styles.plainId}`}>{shortId(lead.id)}</td>
                    <td className={styles.cell}>{lead.item_id}</td>
                    <LeadCells
                      lead={lead}
                      status={lead.status ?? (params.status === 'all' ? undefined : params.status)}
                      currency={siteCurrencies[row.account.siteId]}
                    />
                    <td className={styles.cell}>
                      <select
                        className={styles.review}
                        aria-label={t`Review of lead ${{ id: shortId(lead.id) }} of ${{ account: row.account.nickname }}`}
                        value={row.review?.status ?? 'new'}
                        disabled={!row.account.mayReview || save.isPending}
                        title={
                          row.account.mayReview
                            ? undefined
                            : t`Your role on ${{ account: row.account.nickname }} does not include reviewing credit leads.`
                        }
                        onChange={(event) => setReview(row, event.target.value as LeadReviewStatus)}
                      >
                        {leadReviewStatuses.map((status) => (
                          <option key={status} value={status}>
                            {i18n._(reviewStatusLabels[status])}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
