import Chip, { type ChipProps } from '@mui/material/Chip';
import { questionStatuses, type QuestionStatus } from '../../api/questions';
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';

const colors: Partial<Record<QuestionStatus, ChipProps['color']>> = { UNANSWERED: 'primary', ANSWERED: 'success', BANNED: 'warning' };

export function isKnownStatus(status: string): status is QuestionStatus {
  return (questionStatuses as readonly string[]).includes(status);
}

/** A question status in words; an unknown future status shows as the API wrote it. */
export function useStatusLabel() {
  const t = useMessages(messages);
  return (status: string) => (isKnownStatus(status) ? t(`status_${status}`) : status);
}

export function StatusChip({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Chip size="small" label={label(status)} color={isKnownStatus(status) ? (colors[status] ?? 'default') : 'default'} />;
}
