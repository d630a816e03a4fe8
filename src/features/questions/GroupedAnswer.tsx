import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { Question } from '../../api/questions';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useFormat } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { describeQuestionError } from './errors';
import { useAnswerQuestion } from './queries';
import { useLingui } from '@lingui/react/macro';

/** Where one similar question's answer stands. */
export type GroupStatus = 'idle' | 'sending' | 'sent' | 'failed';

interface Send {
  text: string;
  guardOverride: boolean;
}

/**
 * One similar question: its checkbox, then how its own answer went. Its send is the inbox's (useAnswerQuestion:
 * at most once, an unknown outcome read again before any retry); `started` stops a second dispatch before the
 * mutation's pending state has rendered (a double click), and a failed one is retried alone with the text it was
 * sent with.
 */
function GroupedRow({
  question,
  account,
  checked,
  locked,
  onCheck,
  register,
  onStatus,
}: {
  question: Question;
  /** The question's account when it is not the active one ("All my accounts"): answered as it. */
  account: string | undefined;
  checked: boolean;
  locked: boolean;
  onCheck: (checked: boolean) => void;
  register: (id: number, send: ((request: Send) => void) | null) => void;
  onStatus: (id: number, status: GroupStatus) => void;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const now = useNow();
  const answer = useAnswerQuestion(question.id, account);
  const started = useRef(false);
  const last = useRef<Send | null>(null);
  const status: GroupStatus = answer.isSuccess ? 'sent' : answer.sending ? 'sending' : answer.isError ? 'failed' : 'idle';
  const dispatch = (request: Send) => {
    if (started.current) return;
    started.current = true;
    last.current = request;
    answer.mutate(request, {
      onError: () => {
        started.current = false;
      },
    });
  };
  useEffect(() => {
    // Only a question never sent joins the composer's send; a failed one waits for its own Retry.
    register(question.id, (request) => {
      if (status === 'idle') dispatch(request);
    });
    return () => register(question.id, null);
  });
  useEffect(() => onStatus(question.id, status), [onStatus, question.id, status]);
  const labelId = `grouped-${question.id}`;
  return (
    <Box component="li" aria-labelledby={labelId}>
      <FormControlLabel
        control={<Checkbox checked={checked} disabled={locked || status !== 'idle'} onChange={(event) => onCheck(event.target.checked)} />}
        label={
          <Box id={labelId} component="span">
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {question.text}
            </Box>{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              {t`Asked ${{ when: format.relative(question.date_created, now) }}`}
            </Typography>
          </Box>
        }
      />
      {status === 'sending' && (
        <Typography variant="body2" role="status">
          {t`Sending…`}
        </Typography>
      )}
      {status === 'sent' && (
        <Typography variant="body2" role="status" color="success.main">
          {t`Sent: this question is answered.`}
        </Typography>
      )}
      {status === 'failed' && (
        <ErrorAlert
          error={answer.error}
          title={t`Not sent to this buyer`}
          describeError={(error) => describeQuestionError(error, i18n) ?? t`The answer was not sent to this buyer; try again.`}
          onRetry={() => last.current && dispatch(last.current)}
        />
      )}
    </Box>
  );
}

/**
 * The group's state, held by the queue: which similar questions are checked, where each one's answer stands, and
 * the send the composer calls with its text (and guard override) as it sends the open question's answer.
 */
export function useGroupedAnswer(questions: readonly Question[], account?: string) {
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(() => new Set());
  const [statuses, setStatuses] = useState<ReadonlyMap<number, GroupStatus>>(() => new Map());
  const senders = useRef(new Map<number, (request: Send) => void>());
  const checked = questions.filter((question) => !unchecked.has(question.id));
  return {
    questions,
    account,
    unchecked,
    statuses,
    toggle: (id: number, check: boolean) =>
      setUnchecked((before) => {
        const next = new Set(before);
        if (check) next.delete(id);
        else next.add(id);
        return next;
      }),
    register: (id: number, send: ((request: Send) => void) | null) => {
      if (send) senders.current.set(id, send);
      else senders.current.delete(id);
    },
    report: (id: number, status: GroupStatus) =>
      setStatuses((before) => (before.get(id) === status ? before : new Map(before).set(id, status))),
    send: (text: string, guardOverride: boolean) => {
      for (const question of checked) senders.current.get(question.id)?.({ text, guardOverride });
    },
    /** The questions answered along with the open one. */
    sent: checked.filter((question) => statuses.get(question.id) === 'sent').map((question) => question.id),
    /** Every checked one is answered: the queue may move on. */
    done: checked.every((question) => statuses.get(question.id) === 'sent'),
  };
}

type Group = ReturnType<typeof useGroupedAnswer>;

/**
 * "Also answer these similar questions": the other waiting questions of the item that ask the same (grouping.ts),
 * offered checked (they were judged the same question, and unchecking one is one key), each sent its own
 * POST /answers with the composer's text when the composer sends, and shown as sent or failed on its own.
 */
export function GroupedAnswer({ group, locked }: { group: Group; /** The composer has sent: the choice is made. */ locked: boolean }) {
  const { t } = useLingui();
  if (group.questions.length === 0) return null;
  const title = t`Also answer these similar questions`;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t`The same answer is sent to each buyer checked, one by one.`}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {group.questions.map((question) => (
          <GroupedRow
            key={question.id}
            question={question}
            account={group.account}
            checked={!group.unchecked.has(question.id)}
            locked={locked}
            onCheck={(check) => group.toggle(question.id, check)}
            register={group.register}
            onStatus={group.report}
          />
        ))}
      </Stack>
    </Box>
  );
}
