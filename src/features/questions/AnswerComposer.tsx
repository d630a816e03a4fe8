import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { textMaxLength, textProblem } from '../../api/questions';
import { ErrorAlert } from '../../components/ErrorAlert';
import { readDraft, writeDraft } from '../../lib/drafts';
import { activeAccount, useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { describeQuestionError } from './errors';
import { ContactFindings } from './ContactFindings';
import { useContactGuard } from './contactGuard';
import { useAnswerQuestion } from './queries';
import { useAnswerTemplates } from './templates';
import { TemplatesDialog } from './TemplatesDialog';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useFormat } from '../../lib/format';

/** The id `r` focuses. */
export const composerId = 'answer-composer';

/**
 * Answer composer. The draft is saved per account and question as the seller types and cleared only when
 * the answer is accepted; over-long or empty text is never sent and says why. One send at a time: offline
 * it waits for the network (and says so), with the button disabled until it has gone.
 */
export function AnswerComposer({
  questionId,
  asAccount,
  onSent,
  onSend,
  aside,
  autoFocus = false,
}: {
  questionId: number;
  /** The question's account when it is not the active one (the queue's "All my accounts"): sent and drafted as it. */
  asAccount?: string;
  /** After the answer was accepted (the answer queue moves on). */
  onSent?: () => void;
  /** As the answer is sent, past the guard (the queue sends the same text to the similar questions checked). */
  onSend?: (text: string, guardOverride: boolean) => void;
  /** Shown above the field with the composer's insert (the queue's suggestions): what it inserts is edited, never sent as is. */
  aside?: (insert: (snippet: string) => void) => ReactNode;
  autoFocus?: boolean;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const active = activeAccount(useSession());
  const account = asAccount ?? active;
  const [text, setText] = useState(() => readDraft(account, questionId));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [managing, setManaging] = useState(false);
  const [tried, setTried] = useState(false);
  // Send was stopped by the contact-data guard; cleared when the seller edits, sends anyway, or the text is clean.
  const [held, setHeld] = useState(false);
  const guard = useContactGuard(text, asAccount);
  const { query: templatesQuery, templates } = useAnswerTemplates(asAccount);
  const answer = useAnswerQuestion(questionId, asAccount);
  const problem = textProblem(text);

  const change = (next: string) => {
    setText(next);
    setHeld(false);
    writeDraft(account, questionId, next);
  };
  const insert = (snippet: string) => change(text ? `${text}${text.endsWith(' ') ? '' : ' '}${snippet}` : snippet);
  const send = async (guardOverride = false) => {
    setTried(true);
    if (problem || answer.sending) return;
    if (!guardOverride && (await guard.check(text)).length > 0) {
      setHeld(true);
      return;
    }
    setHeld(false);
    onSend?.(text, guardOverride);
    answer.mutate(
      { text, guardOverride },
      {
        onSuccess: () => {
          showToast(t`Answer sent: the question is answered.`, 'success');
          onSent?.();
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    } else if (event.altKey && /^[1-9]$/.test(event.key)) {
      const template = templates[Number(event.key) - 1];
      if (template) {
        event.preventDefault();
        insert(template.text);
      }
    }
  };

  const over = text.length - textMaxLength;
  const helper =
    problem === 'too_long'
      ? t`${plural({ count: over }, { one: `# character too many`, other: `# characters too many` })}: the limit is ${{ max: format.number(textMaxLength) }}.`
      : tried && problem === 'empty'
        ? t`Write an answer to send it.`
        : text
          ? t`Draft saved on this device.`
          : ' ';
  return (
    <Stack spacing={1}>
      {aside?.(insert)}
      <TextField
        id={composerId}
        autoFocus={autoFocus}
        label={t`Your answer`}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={3}
        maxRows={12}
        error={problem === 'too_long' || (tried && problem === 'empty')}
        helperText={helper}
        slotProps={{ htmlInput: { 'aria-describedby': 'answer-count' } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="answer-count" variant="caption" color={over > 0 ? 'error' : 'text.secondary'} aria-live="polite">
          {t`${{ count: format.number(text.length) }} / ${{ max: format.number(textMaxLength) }}`}
        </Typography>
        <span style={{ flex: 1 }} />
        <Button onClick={(event) => setMenu(event.currentTarget)} aria-haspopup="menu" aria-expanded={Boolean(menu)}>
          {t`Insert template`}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={problem === 'too_long' || answer.sending}>
          {answer.sending ? t`Sending…` : t`Send answer`}
        </Button>
      </Stack>
      <ContactFindings checked={guard.checked} held={held} overrideLabel={t`Send anyway`} onOverride={() => void send(true)} />
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {templatesQuery.isPending && <MenuItem disabled>{t`Loading templates…`}</MenuItem>}
        {templatesQuery.isError && <MenuItem disabled>{t`The templates could not be loaded.`}</MenuItem>}
        {templates.map((template, index) => (
          <MenuItem
            key={template.id}
            onClick={() => {
              insert(template.text);
              setMenu(null);
            }}
          >
            {index < 9 ? `${index + 1}. ` : ''}
            {template.name}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setMenu(null);
            setManaging(true);
          }}
        >
          {t`Manage templates…`}
        </MenuItem>
      </Menu>
      <TemplatesDialog open={managing} onClose={() => setManaging(false)} asAccount={asAccount} />
      {answer.offline && (
        <Alert severity="info" role="status">
          {t`Offline: the answer will be sent when the connection is back. Your draft is kept.`}
        </Alert>
      )}
      {answer.isError && (
        <ErrorAlert
          error={answer.error}
          describeError={(error) => describeQuestionError(error, i18n) ?? t`The answer was not sent. Your draft is kept; try again.`}
          onRetry={() => void send()}
        />
      )}
    </Stack>
  );
}
