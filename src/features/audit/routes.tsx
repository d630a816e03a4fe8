import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { z } from 'zod/mini';
import type { AuditEntry } from '../../api/audit';
import { DataState } from '../../components/DataState';
import { DateRangeField } from '../../components/DateRangeField';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { downloadText, toCsv } from '../../lib/csv';
import { useFormat } from '../../lib/format';
import { daysBefore, localDay } from '../../lib/localTime';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import { auditQuery } from './queries';
import { useLingui } from '@lingui/react/macro';
import './muiStyles.css';
import { ScrollingTable } from '../../components/ScrollingTable';

export { default as prebuiltStyles } from './muiStyles.json';

/** The actions the trail records (docs/roles.md), in words; one a newer server adds shows as it came. */
const actionLabels: Record<string, MessageDescriptor> = {
  answer: msg`Answered a question`,
  'question.delete': msg`Deleted a question`,
  'question.hide': msg`Hid questions`,
  'stock.write': msg`Changed stock`,
  'stock.bulk': msg`Changed stock in bulk`,
  'lead.review': msg`Reviewed a credit lead`,
  reveal: msg`Revealed personal data`,
  'invitation.create': msg`Invited someone`,
  'invitation.accept': msg`Accepted an invitation`,
  'invitation.revoke': msg`Revoked an invitation`,
  'role.change': msg`Changed a role`,
  'person.remove': msg`Removed a person`,
  'account.connect': msg`Connected the account`,
  'account.disconnect': msg`Disconnected the account`,
  'template.create': msg`Added an answer template`,
  'template.update': msg`Changed an answer template`,
  'template.delete': msg`Deleted an answer template`,
};

const day = /^\d{4}-\d{2}-\d{2}$/;
const urlSchema = z.object({
  person: z.catch(z.optional(z.string()), undefined),
  action: z.catch(z.optional(z.string()), undefined),
  from: z.catch(z.optional(z.string().check(z.regex(day))), undefined),
  to: z.catch(z.optional(z.string().check(z.regex(day))), undefined),
});

/** What an entry's details say, as "key: value" pairs (never an answer's text or a note: the server keeps none). */
const detailsText = (entry: AuditEntry) =>
  Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join(', ');

function exportCsv(entries: readonly AuditEntry[]) {
  const csv = toCsv(entries, [
    { header: 'at', value: (entry) => entry.at },
    { header: 'person', value: (entry) => entry.person?.name },
    { header: 'person_id', value: (entry) => entry.person?.id },
    { header: 'action', value: (entry) => entry.action },
    { header: 'target_type', value: (entry) => entry.target?.type },
    { header: 'target_id', value: (entry) => entry.target?.id },
    { header: 'details', value: detailsText },
    { header: 'phase', value: (entry) => entry.phase },
    { header: 'status', value: (entry) => (entry.status === null ? '' : String(entry.status)) },
    { header: 'request_id', value: (entry) => entry.requestId },
  ]);
  downloadText(`audit_${localDay(new Date())}.csv`, csv);
}

function AuditPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const [url, update] = useUrlState(urlSchema);
  const today = new Date();
  const from = url.from ?? localDay(daysBefore(today, 30));
  const to = url.to ?? localDay(today);
  const search = { person: url.person, action: url.action, from, to };
  const query = useInfiniteQuery(auditQuery(search));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  // The people the loaded entries name, and the one the URL filters on.
  const people = new Map(entries.flatMap((entry) => (entry.person ? [[entry.person.id, entry.person.name] as const] : [])));
  if (url.person && !people.has(url.person)) people.set(url.person, url.person);
  const label = (action: string) => (Object.hasOwn(actionLabels, action) ? i18n._(actionLabels[action]!) : action);
  const outcome = (entry: AuditEntry) =>
    entry.phase === 'attempt'
      ? t`Attempt`
      : entry.phase === 'outcome'
        ? entry.status === 'unknown'
          ? t`Outcome unknown (no answer came)`
          : t`Outcome: ${{ status: String(entry.status) }}`
        : t`Done`;

  return (
    <>
      <PageHeader
        title={t({ id: 'page:/audit:title', message: 'Audit' })}
        subtitle={t({
          id: 'page:/audit:intro',
          message: 'What the team did on this account, newest first. Entries cannot be edited or deleted.',
        })}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={t`Person`}
          value={url.person ?? ''}
          onChange={(event) => update({ person: event.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t`Everyone`}</MenuItem>
          {[...people].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t`Action`}
          value={url.action ?? ''}
          onChange={(event) => update({ action: event.target.value })}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{t`Every action`}</MenuItem>
          {Object.keys(actionLabels).map((action) => (
            <MenuItem key={action} value={action}>
              {label(action)}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeField from={from} to={to} onChange={(range) => update(range)} fromLabel={t`From`} toLabel={t`To`} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={entries.length === 0}
          onClick={() => exportCsv(entries)}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          {t`Export CSV`}
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-label={t`Audit entries`} sx={{ minWidth: 0 }}>
        <DataState
          query={{ data: query.data, isError: query.isError && !query.data, error: query.error, refetch: query.refetch }}
          isEmpty={() => entries.length === 0}
          empty={<Typography sx={{ p: 2 }}>{t`No entry matches these filters.`}</Typography>}
        >
          {() => (
            <ScrollingTable aria-label={t`Audit entries`}>
              <TableHead>
                <TableRow>
                  <TableCell>{t`When`}</TableCell>
                  <TableCell>{t`Person`}</TableCell>
                  <TableCell>{t`Action`}</TableCell>
                  <TableCell>{t`Target`}</TableCell>
                  <TableCell>{t`Details`}</TableCell>
                  <TableCell>{t`Result`}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</TableCell>
                    <TableCell>{entry.person?.name ?? t`Seller Desk`}</TableCell>
                    <TableCell>{label(entry.action)}</TableCell>
                    <TableCell>{entry.target ? `${entry.target.type} ${entry.target.id}` : '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{detailsText(entry)}</TableCell>
                    <TableCell>{outcome(entry)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollingTable>
          )}
        </DataState>
        {query.isFetchNextPageError && <ErrorAlert error={query.error} onRetry={() => void query.fetchNextPage()} />}
        {query.hasNextPage && (
          <Button sx={{ m: 1 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t`Older entries`}
          </Button>
        )}
      </Paper>
    </>
  );
}

/** /audit: the account's trail (owners and managers); any deeper path leads back to it. */
export function Component() {
  return (
    <Routes>
      <Route index element={<AuditPage />} />
      <Route path="*" element={<Navigate to={urls.audit.index()} replace />} />
    </Routes>
  );
}
