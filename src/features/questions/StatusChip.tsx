import type { ReactNode } from 'react';
import { questionStatuses, type QuestionStatus } from '../../api/questions';
import styles from './StatusChip.module.css';

const colors: Partial<Record<QuestionStatus, string | undefined>> = {
  UNANSWERED: styles.primary,
  ANSWERED: styles.success,
  BANNED: styles.warning,
};

export function isKnownStatus(status: string): status is QuestionStatus {
  return (questionStatuses as readonly string[]).includes(status);
}

/** A question status in words; an unknown future status shows as the API wrote it. */
export function useStatusLabel() {
  const t = useMessages(messages);
  return (status: string) => (isKnownStatus(status) ? t(`status_${status}`) : status);
}

/** A small chip of text; `outlined` for secondary facts. */
export function Pill({ children, className, outlined }: { children: ReactNode; className?: string | undefined; outlined?: boolean }) {
  return <span className={[styles.chip, outlined && styles.outlined, className].filter(Boolean).join(' ')}>{children}</span>;
}

export function StatusChip({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Pill className={isKnownStatus(status) ? colors[status] : undefined}>{label(status)}</Pill>;
}
