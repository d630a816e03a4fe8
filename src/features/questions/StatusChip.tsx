import type { ReactNode } from 'react';
import { isQuestionStatus, type QuestionStatus } from '../../api/questions';
import styles from '../../components/Chip.module.css';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const colors: Partial<Record<QuestionStatus, string | undefined>> = {
  UNANSWERED: styles.primary,
  ANSWERED: styles.success,
  BANNED: styles.warning,
};

const statusLabels: Record<QuestionStatus, MessageDescriptor> = {
  UNANSWERED: msg`Unanswered`,
  ANSWERED: msg`Answered`,
  CLOSED_UNANSWERED: msg`Closed unanswered`,
  UNDER_REVIEW: msg`Under review`,
  BANNED: msg`Moderated`,
  DELETED: msg`Deleted`,
  DISABLED: msg`Disabled`,
};

/** A question status in words; an unknown future status shows as the API wrote it. */
export function useStatusLabel() {
  const { i18n } = useLingui();
  return (status: string) => (isQuestionStatus(status) ? i18n._(statusLabels[status]) : status);
}

/** A small chip of text; `outlined` for secondary facts. */
export function Pill({ children, className, outlined }: { children: ReactNode; className?: string | undefined; outlined?: boolean }) {
  return <span className={[styles.chip, outlined && styles.outlined, className].filter(Boolean).join(' ')}>{children}</span>;
}

export function StatusChip({ status }: { status: string }) {
  const label = useStatusLabel();
  return <Pill className={isQuestionStatus(status) ? colors[status] : undefined}>{label(status)}</Pill>;
}
