import { describe, expect, it } from 'vitest';
import { dueTime, type AnswerTarget } from '../../../core/answerTarget.ts';
import type { Question } from '../../api/questions';
import type { ServerSession } from '../../api/session';
import { mergeByDue, queueAccounts, type QueueAccount } from './agencyQueue';

const hour = 3_600_000;
const now = Date.parse('2026-12-02T15:00:00Z'); // a Wednesday, noon in Buenos Aires

function asked(id: number, sellerId: number, hoursAgo: number): Question {
  return {
    id,
    seller_id: sellerId,
    item_id: 'MLA1',
    status: 'UNANSWERED',
    text: `Question ${id}`,
    date_created: new Date(now - hoursAgo * hour).toISOString(),
    deleted_from_listing: false,
    hold: false,
    answer: null,
    from: { id: 1 },
  };
}

const allDay = Array.from({ length: 7 }, () => ({ from: 0, to: 24 * 60 }));
const due = (target: AnswerTarget) => (askedAt: string) => dueTime(Date.parse(askedAt), target, 'America/Argentina/Buenos_Aires');
const fast: QueueAccount = { id: '1', nickname: 'RAPIDO', header: undefined };
const patient: QueueAccount = { id: '2', nickname: 'PACIENTE', header: '2' };

describe('the queue of all my accounts', () => {
  it('orders every account’s questions by the due time of its own account’s target, not by the time asked', () => {
    const merged = mergeByDue([
      // 24 hours of target: asked 10 h ago, due in 14 h; asked 23 h ago, due in 1 h.
      { account: patient, questions: [asked(21, 2, 23), asked(22, 2, 10)], dueTime: due({ targetMinutes: 24 * 60, workingHours: allDay }) },
      // 1 hour of target: asked 30 min ago, due in 30 min; asked 2 h ago, overdue.
      { account: fast, questions: [asked(11, 1, 2), asked(12, 1, 0.5)], dueTime: due({ targetMinutes: 60, workingHours: allDay }) },
    ]);
    expect(merged.map((entry) => [entry.question.id, entry.account?.nickname])).toEqual([
      [11, 'RAPIDO'],
      [12, 'RAPIDO'],
      [21, 'PACIENTE'],
      [22, 'PACIENTE'],
    ]);
  });

  it('counts only each account’s own working hours: a closed account’s question waits behind an open one’s', () => {
    // Working only Mondays: a question asked on Wednesday is due next Monday, after a fresh question of the other.
    const mondays = allDay.map((day, index) => (index === 1 ? day : null));
    const merged = mergeByDue([
      { account: patient, questions: [asked(21, 2, 5)], dueTime: due({ targetMinutes: 60, workingHours: mondays }) },
      { account: fast, questions: [asked(11, 1, 0.1)], dueTime: due({ targetMinutes: 60, workingHours: allDay }) },
    ]);
    expect(merged.map((entry) => entry.question.id)).toEqual([11, 21]);
  });

  it('leaves out the accounts where the person’s role does not answer, or whose sign-in ended, and names them', () => {
    const account = (id: string, nickname: string, role: string, extra: { active?: boolean; needsSignIn?: boolean } = {}) => ({
      id,
      nickname,
      site_id: 'MLA',
      active: false,
      unread: 0,
      role,
      ...extra,
    });
    const server: ServerSession = {
      mode: 'live',
      signedIn: true,
      oauth: true,
      accounts: [
        account('1', 'ACTIVA', 'answerer', { active: true }),
        account('2', 'OTRA', 'manager'),
        account('3', 'SOLO_STOCK', 'stock_keeper'),
        account('4', 'VENCIDA', 'owner', { needsSignIn: true }),
      ],
      activeAccountId: '1',
    };
    expect(queueAccounts(server)).toEqual({
      answering: [
        { id: '1', nickname: 'ACTIVA', header: undefined },
        { id: '2', nickname: 'OTRA', header: '2' },
      ],
      leftOut: ['SOLO_STOCK', 'VENCIDA'],
    });
  });
});
