import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { isApiError } from '../../api/errors';
import {
  applyImport,
  cancelStockJob,
  getStockJob,
  listStockJobs,
  maxImportBytes,
  startExport,
  stockJobFile,
  uploadImport,
  type DryRun,
  type DryRunRow,
  type StockJob,
} from '../../api/stockJobs';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { useGrants } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useUrlState } from '../../lib/urlState';
import { stockKeys } from '../../lib/stockKeys';

const running = (job: StockJob) => job.status === 'queued' || job.status === 'running';

/**
 * A job's state: read again on each `event: stock-job` of the stream (src/app/LiveUpdates.tsx), and every few
 * seconds while it runs in case the stream is down.
 */
function jobQuery(id: string) {
  return queryOptions({
    queryKey: stockKeys.job(id),
    queryFn: ({ signal }) => getStockJob(id, signal),
    refetchInterval: (query) => (query.state.data && running(query.state.data.job) ? 5000 : false),
  });
}

const urlSchema = z.object({ job: z.optional(z.catch(z.string(), '')) });

/** Saves a downloaded Blob under `name` (an object URL clicked, then let go). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function useJobWords() {
  const { t } = useLingui();
  const status: Record<string, string> = {
    queued: t`Waiting to start`,
    running: t`Running`,
    ready: t`Checked: ready to apply`,
    finished: t`Finished`,
    cancelled: t`Cancelled`,
    permissionLost: t`Stopped: the person who started it may no longer change stock`,
    failed: t`Failed`,
  };
  const outcome: Record<string, string> = {
    unchanged: t`Unchanged`,
    willChange: t`Will change`,
    changedSinceExport: t`Changed since the export`,
    refused: t`Refused`,
    applied: t`Applied`,
    skippedChanged: t`Skipped: changed since the export`,
    conflict: t`Changed by someone else meanwhile: not overwritten`,
    failed: t`Failed`,
    read: t`Read`,
  };
  const reason: Record<string, string> = {
    missingIdentifier: t`neither a user product id nor an SKU`,
    unknownUserProduct: t`not a user product of this account`,
    unknownSku: t`no user product has this SKU`,
    sharedSku: t`several user products share this SKU: use the user product id`,
    stockUnreadable: t`its stock could not be read`,
    unknownLocation: t`the user product has no such location`,
    readOnlyLocation: t`this location cannot be changed here`,
    invalidQuantity: t`the new quantity is not a whole number from 0 up`,
    invalidQuantityAtExport: t`the quantity at export is not a whole number from 0 up`,
    duplicate: t`another row names the same location`,
  };
  const kind: Record<string, string> = { export: t`Export`, import: t`Import` };
  const word = (words: Record<string, string>, key: string) => words[key] ?? key;
  return {
    status: (key: string) => word(status, key),
    outcome: (key: string) => word(outcome, key),
    reason: (key: string) => word(reason, key),
    kind: (key: string) => word(kind, key),
  };
}

function Progress({ job }: { job: StockJob }) {
  const { t } = useLingui();
  const format = useFormat();
  const { total, done, remaining, failed, secondsLeft } = job.progress;
  const left = secondsLeft === null ? null : format.number(secondsLeft);
  return (
    <Stack spacing={1} aria-live="polite">
      <LinearProgress
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={total > 0 ? (done * 100) / total : 0}
        aria-label={t`Progress`}
      />
      <Typography>
        {t`Done ${format.number(done)} of ${format.number(total)}, ${format.number(remaining)} remaining, ${format.number(failed)} failed.`}{' '}
        {left !== null && t`About ${left} s left.`}
      </Typography>
    </Stack>
  );
}

function Counts({ counts }: { counts: Record<string, number> }) {
  const { t } = useLingui();
  const words = useJobWords();
  const format = useFormat();
  return (
    <List dense aria-label={t`Rows per outcome`}>
      {Object.entries(counts).map(([key, count]) => (
        <ListItem key={key} disableGutters>
          {words.outcome(key)}: {format.number(count)}
        </ListItem>
      ))}
    </List>
  );
}

/** The dry run's rows that would write or were refused (at most 500 shown; the results file has them all). */
function DryRunRows({ dryRun }: { dryRun: DryRun }) {
  const { t } = useLingui();
  const words = useJobWords();
  const format = useFormat();
  const shown = dryRun.rows.filter((row) => row.kind !== 'unchanged').slice(0, 500);
  const describe = (row: DryRunRow) =>
    row.kind === 'refused' && 'refusal' in row
      ? `${words.outcome('refused')}: ${words.reason(row.refusal.reason)}`
      : words.outcome(row.kind);
  return (
    // Scrolls in its own box on a phone: focusable, so a keyboard can scroll it too.
    <TableContainer tabIndex={0} role="group" aria-label={t`Rows to change or refused`}>
      <Table size="small" aria-label={t`Rows to change or refused`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Row`}</TableCell>
            <TableCell>{t`User product`}</TableCell>
            <TableCell>{t`Location`}</TableCell>
            <TableCell>{t`Before → after`}</TableCell>
            <TableCell>{t`Outcome`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{'userProductId' in row ? row.userProductId : ''}</TableCell>
              <TableCell>{'location' in row ? [row.location.type, row.location.storeId].filter(Boolean).join(' ') : ''}</TableCell>
              <TableCell>
                {'newQuantity' in row && row.newQuantity !== undefined
                  ? `${format.number(row.current)} → ${format.number(row.newQuantity)}`
                  : ''}
              </TableCell>
              <TableCell>{describe(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const languageOf = (locale: string): 'en' | 'es' | 'pt' => (locale.startsWith('es') ? 'es' : locale.startsWith('pt') ? 'pt' : 'en');

function JobPanel({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const words = useJobWords();
  const canWrite = useGrants().can('stock.write');
  const queryClient = useQueryClient();
  const query = useQuery(jobQuery(id));
  const [applyChanged, setApplyChanged] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: stockKeys.jobs() });
  const apply = useMutation({ mutationFn: () => applyImport(id, applyChanged), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: () => cancelStockJob(id), onSuccess: refresh });
  const download = useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const job = query.data!.job;
      const name =
        job.kind === 'export' ? `stock-${job.createdAt.slice(0, 10)}.${format}` : `stock-results-${job.createdAt.slice(0, 10)}.csv`;
      save(await stockJobFile(id, format, languageOf(i18n.locale)), name);
    },
  });
  return (
    <Section title={t`Job`} spacing={2}>
      <DataState query={query}>
        {({ job, dryRun }) => (
          <>
            <Typography>
              {words.kind(job.kind)}
              {job.fileName ? ` · ${job.fileName}` : ''} · {words.status(job.status)}
            </Typography>
            {running(job) && <Progress job={job} />}
            {job.error && <Alert severity="error">{job.error}</Alert>}
            {dryRun && job.step === 'dryRun' && (
              <>
                <Counts counts={dryRun.counts} />
                <DryRunRows dryRun={dryRun} />
              </>
            )}
            {job.step === 'apply' && !running(job) && <Counts counts={job.progress.counts} />}
            {job.status === 'ready' && (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormControlLabel
                  control={<Checkbox checked={applyChanged} onChange={(event) => setApplyChanged(event.target.checked)} />}
                  label={t`Also apply the rows whose stock changed since the export (a sale made meanwhile would be overwritten)`}
                />
                <Button variant="contained" disabled={!canWrite || apply.isPending} onClick={() => apply.mutate()}>
                  {t`Apply`}
                </Button>
              </Stack>
            )}
            {(running(job) || job.status === 'ready') && canWrite && (
              <Box>
                <Button disabled={cancel.isPending || job.cancelRequested} onClick={() => cancel.mutate()}>
                  {t`Cancel`}
                </Button>
              </Box>
            )}
            {job.kind === 'export' && job.status === 'finished' && (
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => download.mutate('csv')}>{t`Download CSV`}</Button>
                <Button variant="outlined" onClick={() => download.mutate('xlsx')}>{t`Download XLSX`}</Button>
              </Stack>
            )}
            {job.kind === 'import' && dryRun && (
              <Box>
                <Button variant="outlined" onClick={() => download.mutate('csv')}>{t`Download results`}</Button>
              </Box>
            )}
            {[apply.error, cancel.error, download.error].map((error, index) => error && <ErrorAlert key={index} error={error} />)}
          </>
        )}
      </DataState>
    </Section>
  );
}

function ImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadImport, onSuccess: ({ job }) => onStarted(job.id) });
  const refusals: Record<string, string> = {
    tooLarge: t`The file is larger than 5 MB.`,
    tooManyRows: t`The file has more than 10,000 rows.`,
    unreadable: t`The file is neither a CSV nor an XLSX workbook.`,
    empty: t`The file is empty.`,
    missingColumns: t`The file lacks a required column: the user product id or SKU, the quantity at export and the new quantity.`,
    duplicateColumn: t`Two columns of the file have the same header.`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t`Choose a file first.`);
    // Checked here so a file the server would refuse is never sent.
    if (file.size > maxImportBytes) return setProblem(refusals.tooLarge!);
    setProblem(null);
    upload.mutate(file);
  };
  const refused = isApiError(upload.error, 400) && upload.error.error === 'invalid_file' ? upload.error : null;
  const refusal = refused && z.object({ problem: z.string() }).safeParse(refused.cause[0]).data?.problem;
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <label htmlFor="stock-import-file">{t`File to import (CSV or XLSX, at most 5 MB)`}</label>
        <input
          id="stock-import-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button type="submit" variant="contained" disabled={upload.isPending}>
          {t`Upload and check`}
        </Button>
        {problem && <Alert severity="error">{problem}</Alert>}
        {refused && <Alert severity="error">{refusals[refusal ?? ''] ?? t`The file cannot be imported.`}</Alert>}
        {upload.error && !refused && <ErrorAlert error={upload.error} />}
      </Stack>
    </Box>
  );
}

function RecentJobs({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useLingui();
  const words = useJobWords();
  const format = useFormat();
  const query = useQuery({ queryKey: stockKeys.jobs(), queryFn: ({ signal }) => listStockJobs(signal) });
  return (
    <Section title={t`Jobs of the last 30 days`}>
      <DataState query={query}>
        {({ jobs }) =>
          jobs.length === 0 ? (
            <Typography color="text.secondary">{t`No jobs yet.`}</Typography>
          ) : (
            <List dense>
              {jobs.map((job) => (
                <ListItem key={job.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Typography component="span">
                    {words.kind(job.kind)} · {job.startedBy.name} · {format.dateTime(job.createdAt)} · {words.status(job.status)}
                  </Typography>
                  <Button size="small" onClick={() => onOpen(job.id)}>
                    {t`Open`}
                  </Button>
                </ListItem>
              ))}
            </List>
          )
        }
      </DataState>
    </Section>
  );
}

/** /stock/bulk: export every user product's stock, import an edited file with a dry run, apply it as a job. */
export default function BulkStock() {
  const { t } = useLingui();
  const session = useSession();
  const canWrite = useGrants().can('stock.write');
  const [url, update] = useUrlState(urlSchema);
  const open = (id: string) => update({ job: id });
  const exporting = useMutation({ mutationFn: startExport, onSuccess: ({ job }) => open(job.id) });
  return (
    <>
      <PageHeader title={t({ id: 'page:/stock/bulk:title', message: 'Stock in bulk' })} />
      {session.mode === 'demo' && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t`In the demo a job runs in this page: closing or reloading the page ends it.`}
        </Alert>
      )}
      <Section title={t`Export`} spacing={1}>
        <Typography>{t`A spreadsheet with every location of every user product: edit the "New quantity" column and import it below.`}</Typography>
        <Box>
          <Button variant="contained" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            {t`Export stock`}
          </Button>
        </Box>
        {exporting.error && <ErrorAlert error={exporting.error} />}
      </Section>
      <Section title={t`Import`} spacing={1}>
        {canWrite ? <ImportForm onStarted={open} /> : <Typography>{t`Your role does not include stock changes.`}</Typography>}
      </Section>
      {url.job && <JobPanel key={url.job} id={url.job} />}
      <RecentJobs onOpen={open} />
    </>
  );
}
