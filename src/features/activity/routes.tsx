import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useState } from 'react';
import { Link as RouterLink, Route, Routes } from 'react-router';
import { z } from 'zod/mini';
import { activityKinds, type ActivityEntry } from '../../api/activity';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../lib/session';
import { DemoControls } from './DemoControls';
import { useFormat } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useUrlState } from '../../lib/urlState';
import { describeEntry, entryHref, kindLabels } from './describe';
import {
  desktopNotificationsStore,
  desktopNotificationsSupported,
  disableDesktopNotifications,
  enableDesktopNotifications,
} from './desktop';
import { activityListQuery, activityPageSize, useMarkRead, useMarkReviewed } from './queries';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** The kind filter, and the page: entries before an id (none: the newest). */
const urlSchema = z.object({
  kind: z.catch(z.optional(z.enum(activityKinds)), undefined),
  before: z.catch(z.optional(z.string().check(z.regex(/^\d+$/))), undefined),
});

function Review({ entry, review }: { entry: ActivityEntry; review: NonNullable<ActivityEntry['review']> }) {
  const { t } = useLingui();
  const format = useFormat();
  const reviewed = useMarkReviewed();
  const money = (value: number) => format.money(value, review.currencyId);
  const { from, to } = review;
  const difference = from.saleFee !== null && to.saleFee !== null ? to.saleFee - from.saleFee : null;
  const fee = (value: number | null) => (value === null ? t`unknown` : money(value));
  return (
    <Box sx={{ mt: 1 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 2, '& dd': { m: 0 } }}>
        <Typography component="dt" variant="body2" color="text.secondary">{t`Category`}</Typography>
        <Typography component="dd" variant="body2">
          {from.path.join(' › ')} → {to.path.join(' › ')}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t`Sale fee at ${{ price: money(review.price) }}`}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="fee-change">
          {fee(from.saleFee)} → {fee(to.saleFee)}
          {difference !== null && ` (${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${money(Math.abs(difference))})`}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">{t`Missing required attributes`}</Typography>
        <Typography component="dd" variant="body2">
          {review.missingAttributes.length ? review.missingAttributes.map((attribute) => attribute.name).join(', ') : t`None`}
        </Typography>
      </Box>
      {review.reviewedAt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t`Reviewed ${{ when: format.dateTime(review.reviewedAt) }}`}
        </Typography>
      ) : (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} disabled={reviewed.isPending} onClick={() => reviewed.mutate(entry.id)}>
          {t`Mark reviewed`}
        </Button>
      )}
      {reviewed.isError && <ErrorAlert error={reviewed.error} />}
    </Box>
  );
}

function EntryRow({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const markRead = useMarkRead();
  const text = describeEntry(entry, i18n);
  const href = entryHref(entry);
  const read = () => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] });
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, borderLeftWidth: 4, borderLeftColor: entry.read ? 'divider' : 'primary.main' }}
      data-testid="activity-entry"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0, fontWeight: entry.read ? 400 : 700 }}>
          {href ? (
            <Link component={RouterLink} to={href} onClick={read} sx={{ fontWeight: 'inherit' }}>
              {text}
            </Link>
          ) : (
            text
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {!entry.read && `${t`Unread`} · `}
          <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
        </Typography>
        {!entry.read && (
          <Button size="small" onClick={read} disabled={markRead.isPending}>
            {t`Mark as read`}
          </Button>
        )}
      </Stack>
      {entry.review && <Review entry={entry} review={entry.review} />}
    </Paper>
  );
}

/** Asks the browser's permission only when the seller clicks; the choice is kept on this device. */
function DesktopNotifications() {
  const { t } = useLingui();
  const enabled = useStore(desktopNotificationsStore);
  const [permission, setPermission] = useState(() => (desktopNotificationsSupported() ? Notification.permission : 'denied'));
  if (!desktopNotificationsSupported()) return null;
  if (enabled && permission === 'granted')
    return <Button onClick={disableDesktopNotifications}>{t`Turn off desktop notifications`}</Button>;
  // A refused permission cannot be asked again from the page: only the browser's settings change it.
  if (permission === 'denied')
    return (
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {t`Notifications are blocked in this browser's site settings.`}
      </Typography>
    );
  return <Button onClick={() => void enableDesktopNotifications().then(setPermission)}>{t`Notify me of new questions`}</Button>;
}

function ActivityPage() {
  const { t, i18n } = useLingui();
  const [url, update] = useUrlState(urlSchema);
  const query = useQuery(activityListQuery(url.kind, url.before));
  const markAll = useMarkRead();
  const unread = query.data?.unread ?? 0;
  const demo = useSession().mode === 'demo';
  return (
    <>
      <PageHeader
        title={t({ id: 'page:/activity:title', message: 'Activity' })}
        subtitle={query.data ? t`${plural(unread, { one: `# unread entry`, other: `# unread entries` })}` : ''}
        actions={
          <>
            <DesktopNotifications />
            <Button variant="outlined" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate({ all: true })}>
              {t`Mark all as read`}
            </Button>
          </>
        }
      />
      {markAll.isError && <ErrorAlert error={markAll.error} />}
      {demo && <DemoControls />}
      <TextField
        select
        label={t`Kind`}
        value={url.kind ?? ''}
        onChange={(event) => update({ kind: event.target.value, before: undefined })}
        sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t`All kinds`}</MenuItem>
        {activityKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {i18n._(kindLabels[kind])}
          </MenuItem>
        ))}
      </TextField>
      <DataState
        query={query}
        isEmpty={(data) => data.entries.length === 0}
        empty={<Alert severity="info">{url.kind ? t`Nothing of this kind yet.` : t`Nothing has happened on your account yet.`}</Alert>}
      >
        {(data) => (
          <>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t`Activity, newest first`}>
              {data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              {url.before && <Button onClick={() => update({ before: undefined })}>{t`Newest entries`}</Button>}
              {data.entries.length === activityPageSize && (
                <Button onClick={() => update({ before: data.entries.at(-1)?.id })}>{t`Older entries`}</Button>
              )}
            </Stack>
          </>
        )}
      </DataState>
    </>
  );
}

/** /activity: the account's activity, newest first, filtered by kind (?kind=), with recategorization reviews. */
export function Component() {
  return (
    <Routes>
      <Route index element={<ActivityPage />} />
    </Routes>
  );
}
