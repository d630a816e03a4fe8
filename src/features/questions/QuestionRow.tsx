import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { deletionTime, type Question } from '../../api/questions';
import type { Unreadable } from '../../api/unreadable';
import { describeUnreadable } from '../../components/unreadable';
import { urgencyOf } from '../../../core/answerTarget.ts';
import { useFormat } from '../../lib/format';
import { itemQuery } from '../../lib/items';
import { urls } from '../../lib/urls';
import styles from './QuestionRow.module.css';
import { Pill, StatusChip } from './StatusChip';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/** Unanswered questions this close to their 7-month deletion carry a warning. */
const warnBeforeMs = 14 * 86_400_000;

/** Where the spec says the reasons for BANNED live (/moderations/infractions; its shape is not shown). */
export const moderationReasonsUrl = 'https://api.mercadolibre.com/moderations/infractions';

interface QuestionRowProps {
  question: Question;
  now: number;
  open: boolean;
  selected: boolean;
  /** Absent when the person's role cannot hide questions: there is nothing to select for. */
  onSelect: ((id: number, selected: boolean) => void) | undefined;
  /** When an unanswered question is due by the account's target; undefined while the target is unknown. */
  dueTime: ((askedAt: string) => number) | undefined;
}

export function QuestionRow({ question, now, open, selected, onSelect, dueTime }: QuestionRowProps) {
  const { t } = useLingui();
  const format = useFormat();
  const location = useLocation();
  const item = useQuery(itemQuery(question.item_id));
  const banned = question.status === 'BANNED';
  const untilDeletion = deletionTime(Date.parse(question.date_created)) - now;
  const nearDeletion = question.status === 'UNANSWERED' && untilDeletion < warnBeforeMs;
  return (
    <div className={open ? `${styles.row} ${styles.open}` : styles.row}>
      {onSelect ? (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected}
          onChange={(event) => onSelect(question.id, event.target.checked)}
          aria-label={t`Select question ${{ id: String(question.id) }}`}
        />
      ) : (
        <span className={styles.check} />
      )}
      <div className={styles.body}>
        <p className={styles.item} title={item.data?.title ?? question.item_id}>
          {item.data?.title ?? question.item_id}
        </p>
        <RouterLink
          to={urls.questions.detail(question.id, location.search)}
          aria-current={open ? 'true' : undefined}
          data-question-link={question.id}
          className={[styles.link, question.status === 'UNANSWERED' && styles.unanswered, banned && styles.banned]
            .filter(Boolean)
            .join(' ')}
        >
          {banned ? t`Moderated question: its text is hidden.` : question.text}
        </RouterLink>
        <div className={styles.meta}>
          <StatusChip status={question.status} />
          {banned && (
            <a href={moderationReasonsUrl} target="_blank" rel="noopener noreferrer" className={styles.reason}>
              {t`Why?`}
            </a>
          )}
          <span className={styles.caption} title={format.dateTime(question.date_created)}>
            {format.relative(question.date_created, now)}
          </span>
          {/* The one that shrinks: on a narrow phone the buyer (also in the question's detail) is what gets cut. */}
          <span className={`${styles.caption} ${styles.buyer}`}>{t`Buyer ${{ id: String(question.from.id) }}`}</span>
          {/* Last, as it comes with the account's settings, after the row: nothing on the line moves when it does. */}
          {question.status === 'UNANSWERED' && dueTime && <Due due={dueTime(question.date_created)} now={now} />}
        </div>
        {nearDeletion && (
          <Pill
            outlined
            className={styles.warning}
          >{t`${plural({ count: Math.max(0, Math.ceil(untilDeletion / 86_400_000)) }, { one: `Deleted in # day`, other: `Deleted in # days` })} if unanswered`}</Pill>
        )}
        {question.answer && !banned && <p className={styles.answer}>{t`Answer: ${{ text: question.answer.text }}`}</p>}
      </div>
    </div>
  );
}

/** When an unanswered question is due, coloured when overdue or due within 15 minutes. */
export function Due({ due, now }: { due: number; now: number }) {
  const { t } = useLingui();
  const format = useFormat();
  const urgency = urgencyOf(due, now);
  const when = format.relative(due, now);
  return (
    <span className={urgency === 'later' ? styles.caption : `${styles.caption} ${styles[urgency]}`} title={format.dateTime(due)}>
      {urgency === 'overdue' ? t`Overdue: due ${when}` : t`Due ${when}`}
    </span>
  );
}

/**
 * A question the search answered in a shape the inbox cannot read: its id and what is wrong, in the row's fixed
 * height. Nothing to open or select (j/k pass over it).
 */
export function UnreadableRow({ entry }: { entry: Unreadable }) {
  const { i18n } = useLingui();
  const { name, problem } = describeUnreadable(entry, 'question', i18n);
  return (
    <div className={styles.row} data-unreadable>
      <span className={styles.check} aria-hidden />
      <div className={styles.body}>
        <p className={styles.item} title={name}>
          {name}
        </p>
        <p className={styles.problem}>{problem}</p>
      </div>
    </div>
  );
}

export function LoadingRow() {
  const { t } = useLingui();
  return (
    <Box
      sx={{ height: 1, boxSizing: 'border-box', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      aria-label={t`Loading question…`}
      role="status"
    >
      <Skeleton width="40%" />
      <Skeleton />
      <Skeleton width="60%" />
    </Box>
  );
}
