import { useUnreadActivityCount } from '../features/activity/navBadge';
import { useNewCreditLeadsCount } from '../features/credits/navBadge';
import { useUnansweredCount } from '../features/questions/navBadge';
import type { NavEntry } from './nav';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

function Count({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="shell-count" title={label}>
      {count > 999 ? '999+' : count}
      <span className="visually-hidden">{` (${label})`}</span>
    </span>
  );
}

function Unanswered() {
  const { t } = useLingui();
  const count = useUnansweredCount();
  return (
    <Count count={count} label={t`${plural({ count: count ?? 0 }, { one: `# unanswered question`, other: `# unanswered questions` })}`} />
  );
}

function NewCreditLeads() {
  const { t } = useLingui();
  const count = useNewCreditLeadsCount();
  return <Count count={count} label={t`${plural({ count: count ?? 0 }, { one: `# new lead`, other: `# new leads` })}`} />;
}

function UnreadActivity() {
  const { t } = useLingui();
  const count = useUnreadActivityCount();
  return <Count count={count} label={t`${plural({ count: count ?? 0 }, { one: `# unread entry`, other: `# unread entries` })}`} />;
}

const badges = { unanswered: Unanswered, newCreditLeads: NewCreditLeads, unreadActivity: UnreadActivity };

/** The live count of a navigation entry: unanswered questions, credit leads since the last visit, unread activity. */
export function NavBadge({ badge }: { badge: NonNullable<NavEntry['badge']> }) {
  const Badge = badges[badge];
  return <Badge />;
}
