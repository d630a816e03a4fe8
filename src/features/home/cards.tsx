import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../api/errors';
import { responseTimeRules, responseTimeSlots } from '../../api/response-time';
import { useFormat } from '../../lib/format';
import { daysBefore, localDay } from '../../lib/localTime';
import { responseTimeQuery } from '../../lib/responseTime';
import { useDenial } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/useNow';
import { accountSettingsQuery, useDueTime } from '../../lib/answerTarget';
import { urgencyOf } from '../../../core/answerTarget.ts';
import { urls } from '../../lib/urls';
import { describeEntry, entryHref } from '../activity/describe';
import { Figure, Headline, HomeCard, Quiet, ReadAt } from './HomeCard';
import {
  approvedCreditLeadsQuery,
  creditLeadDays,
  latestActivityQuery,
  oldestUnansweredQuery,
  reviewWindow,
  waitingReviewsQuery,
} from './queries';

export function QuestionsCard({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery(oldestUnansweredQuery(sellerId));
  const writeDenial = useDenial('questions.write');
  return (
    <HomeCard title={t`Questions`} reserve={236} to={urls.questions.index({ status: 'UNANSWERED', sort: 'date', order: 'asc' })}>
      <Figure query={query} isEmpty={(data) => data.total === 0} empty={<Quiet>{t`No question is waiting for an answer.`}</Quiet>}>
        {({ total, oldest, asked }) => (
          <>
            <Headline
              value={format.number(total)}
            >{t`${plural(total, { one: 'unanswered question', other: 'unanswered questions' })}`}</Headline>
            {oldest && <Typography>{t`The oldest was asked ${{ age: format.relative(oldest) }}`}</Typography>}
            <Urgent sellerId={sellerId} asked={asked} total={total} />
            {total > 0 && !writeDenial && (
              <Button component={RouterLink} to={urls.questions.queue()} variant="contained" size="small" sx={{ mt: 1 }}>
                {t`Answer next (${{ count: format.number(total) }})`}
              </Button>
            )}
          </>
        )}
      </Figure>
    </HomeCard>
  );
}

/**
 * How many of the oldest unanswered questions are overdue by the account's target, and how many are due within
 * 15 minutes. Due time grows with the time asked, so the overdue are the oldest: counted among the `urgentWindow`
 * oldest, "N+" when every one read is urgent and more are waiting. Nothing while the target is unknown.
 */
function Urgent({ sellerId, asked, total }: { sellerId: number; asked: string[]; total: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const now = useNow();
  const dueTime = useDueTime(sellerId);
  const target = useQuery(accountSettingsQuery(sellerId));
  // The line's place is held while the target loads (an empty line), so its arrival does not push the button down:
  // a layout shift Lighthouse counted on every home load. A target that cannot be read shows no line.
  if (!dueTime) return target.isPending ? <Typography aria-hidden>{'\u00a0'}</Typography> : null;
  const urgency = asked.map((date) => urgencyOf(dueTime(date), now));
  const more = total > asked.length && urgency.at(-1) !== 'later' ? '+' : '';
  const overdue = urgency.filter((u) => u === 'overdue').length;
  const dueSoon = urgency.filter((u) => u === 'dueSoon').length;
  const count = (n: number, last: boolean) => `${format.number(n)}${last ? more : ''}`;
  return (
    <Typography>
      {t`Overdue: ${{ overdue: count(overdue, dueSoon === 0) }} · due within 15 min: ${{ dueSoon: count(dueSoon, dueSoon > 0) }}`}
    </Typography>
  );
}

export function ResponseTimeCard({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useQuery(responseTimeQuery(sellerId));
  const days = format.number(responseTimeRules.windowDays);
  // The resource answers 404 while no question of the window counts: nothing to show yet, not a failure.
  const none = isApiError(query.error, 404);
  return (
    <HomeCard title={t`Response time`} reserve={204} to={urls.responseTime.index()}>
      {none ? (
        <>
          <Quiet>{t`No response time yet: no question of the last ${{ days }} days counts.`}</Quiet>
          <ReadAt time={query.errorUpdatedAt} />
        </>
      ) : (
        <Figure query={query}>
          {(figures) => {
            const increase = Math.max(0, ...responseTimeSlots.map((slot) => figures[slot].sales_percent_increase ?? 0));
            return (
              <>
                <Headline value={t`${{ minutes: format.number(figures.total.response_time) }} min`}>{t`on average`}</Headline>
                <Typography variant="body2" color="text.secondary">{t`Last ${{ days }} days, refreshed daily.`}</Typography>
                {increase > 0 && (
                  <Typography variant="body2" role="note" sx={{ mt: 0.5 }}>
                    {t`Answering within an hour could raise your sales up to +${{ percent: format.number(increase) }} %.`}
                  </Typography>
                )}
              </>
            );
          }}
        </Figure>
      )}
    </HomeCard>
  );
}

export function CreditLeadsCard({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const { sandbox } = useSession();
  const fromDay = localDay(daysBefore(new Date(), creditLeadDays - 1));
  const query = useQuery(approvedCreditLeadsQuery(sellerId, fromDay, sandbox));
  const days = format.number(creditLeadDays);
  return (
    <HomeCard title={t`Credit leads`} to={urls.credits.index(`status=approved&from=${fromDay}`)}>
      <Figure query={query} isEmpty={(total) => total === 0} empty={<Quiet>{t`No lead approved in the last ${{ days }} days.`}</Quiet>}>
        {(total) => (
          <Headline value={format.number(total)}>
            {t`${plural(total, { one: 'lead approved', other: 'leads approved' })} in the last ${{ days }} days`}
          </Headline>
        )}
      </Figure>
    </HomeCard>
  );
}

function WaitingReviews() {
  const { t } = useLingui();
  const query = useQuery(waitingReviewsQuery);
  return (
    <Figure query={query}>
      {({ waiting, more }) => (
        <Link component={RouterLink} to={urls.activity.index({ kind: 'recategorization' })}>
          {more
            ? t`${plural(waiting, { one: '# item', other: '# items' })} of the latest ${{ count: reviewWindow }} recategorizations waiting for review`
            : t`${plural(waiting, { one: '# item', other: '# items' })} waiting for recategorization review`}
        </Link>
      )}
    </Figure>
  );
}

export function ActivityCard() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const query = useQuery(latestActivityQuery);
  return (
    <HomeCard title={t`Activity`} to={urls.activity.index()}>
      <Stack spacing={1}>
        <Figure
          query={query}
          isEmpty={(page) => page.entries.length === 0}
          empty={<Quiet>{t`Nothing has happened on your account yet.`}</Quiet>}
        >
          {({ entries, unread }) => (
            <>
              <Typography variant="body2" color="text.secondary">
                {t`${plural(unread, { one: '# unread entry', other: '# unread entries' })}`}
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }} aria-label={t`Latest activity`}>
                {entries.map((entry) => {
                  const text = describeEntry(entry, i18n);
                  const href = entryHref(entry);
                  return (
                    <li key={entry.id}>
                      {href ? (
                        <Link component={RouterLink} to={href}>
                          {text}
                        </Link>
                      ) : (
                        text
                      )}{' '}
                      <Typography component="time" variant="caption" color="text.secondary" dateTime={entry.createdAt}>
                        {format.relative(entry.createdAt)}
                      </Typography>
                    </li>
                  );
                })}
              </Stack>
            </>
          )}
        </Figure>
        <WaitingReviews />
      </Stack>
    </HomeCard>
  );
}
