import { can, isRole } from '../../../core/roles.ts';
import type { Question } from '../../api/questions';
import type { ServerSession } from '../../api/session';

/** An account whose questions the queue's "All my accounts" works through (an agency's, issue 51 §1). */
export interface QueueAccount {
  id: string;
  nickname: string;
  /** What goes in `x-seller-account`: the account's id, or undefined for the active one (sent as today, no header). */
  header: string | undefined;
}

/** One question of the queue, with its account (labelled in "All my accounts") and, when known, when it is due. */
export interface QueueEntry {
  question: Question;
  account?: QueueAccount;
}

/**
 * The session's accounts for "All my accounts": those where the person's role answers questions, and the nicknames
 * of those left out (the role does not answer, or the account's marketplace user must sign in again), said on screen.
 */
export function queueAccounts(server: ServerSession | null): { answering: QueueAccount[]; leftOut: string[] } {
  const answering: QueueAccount[] = [];
  const leftOut: string[] = [];
  for (const account of server?.accounts ?? []) {
    if (isRole(account.role) && can(account.role, 'questions.write') && !account.needsSignIn)
      answering.push({ id: account.id, nickname: account.nickname, header: account.active ? undefined : account.id });
    else leftOut.push(account.nickname);
  }
  return { answering, leftOut };
}

/** One account's unanswered questions and when a question asked at a time is due by that account's target. */
export interface AccountQuestions {
  account: QueueAccount;
  questions: Question[];
  dueTime: (askedAt: string) => number;
}

/**
 * Every account's questions in one queue, most urgent first: each due time by its own account's target and working
 * hours (core/answerTarget.ts), so an account with a short target comes before an older question of a patient one.
 * Ties go to the question asked first.
 */
export function mergeByDue(parts: readonly AccountQuestions[]): QueueEntry[] {
  return parts
    .flatMap(({ account, questions, dueTime }) =>
      questions.map((question) => ({ question, account, due: dueTime(question.date_created), asked: Date.parse(question.date_created) })),
    )
    .sort((a, b) => a.due - b.due || a.asked - b.asked)
    .map(({ question, account }) => ({ question, account }));
}
