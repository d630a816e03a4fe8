import Box from '@mui/material/Box';
import { visuallyHidden } from '../components/visuallyHidden';
import { useUnreadActivityCount } from '../features/activity/navBadge';
import { useNewCreditLeadsCount } from '../features/credits/navBadge';
import { useUnansweredCount } from '../features/questions/navBadge';
import type { NavEntry } from './nav';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

function Count({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <Box
      component="span"
      title={label}
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        borderRadius: 11,
        textAlign: 'center',
        fontSize: 12,
        fontWeight: 700,
        bgcolor: 'error.dark',
        color: '#fff',
      }}
    >
      {count > 999 ? '999+' : count}
      <Box component="span" sx={visuallyHidden}>
        {` (${label})`}
      </Box>
    </Box>
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
