import type { Db } from './db';
import { recategorize } from './db/categories';
import type { Change } from './db/notifications';
import type { QuestionRecord } from './db/questions';
import { createRandom } from './db/random';

/**
 * The browser demo's past: what the marketplace notified in the days before the demo was opened, so that its
 * activity and home screen show a shop at work. `makeEntry` (src/demo/activity.ts) makes each change an entry with
 * the code that makes the live ones, in the order they happened, with the db as it was at that moment (a question
 * answered since was unanswered when it was asked).
 */
type MakeEntry = (change: Change, at: number, read: boolean) => void;

interface PastChange {
  at: number;
  change: Change;
  /** Puts the db as it was at `at`. */
  apply?: () => void;
}

type QuestionState = Pick<QuestionRecord, 'status' | 'answer' | 'last_updated'>;

const minute = 60_000;
const hour = 60 * minute;
/** How far back the questions go: a few days, not the whole seed (hundreds of entries nobody would read). */
const questionDays = 3;
/** The seller last looked at the activity this long before the demo was opened: what came since is unread. */
const lastLookAgo = 8 * hour;
/** The charger, listed among the phones: the marketplace moved it to their accessories a few hours before. */
const recategorizedItem = 'MLA1400000011';

const stateOf = ({ status, answer, last_updated }: QuestionRecord): QuestionState => ({ status, answer, last_updated });

/**
 * Each question of the last days asked, and answered when it was before the demo was opened; `states` keeps how
 * the questions are now, to put back after the replay.
 */
function questionChanges(db: Db, states: Map<QuestionRecord, QuestionState>): PastChange[] {
  const since = db.now - questionDays * 24 * hour;
  return [...db.questions.byId.values()]
    .filter((question) => question.seller_id === db.seller.id && question.date_created >= since && question.date_created < db.now)
    .flatMap((question) => {
      const change: Change = { topic: 'questions', resource: `/questions/${question.id}`, userId: question.seller_id };
      if (question.status === 'UNANSWERED') return [{ at: question.date_created, change }];
      // Moderated ones are left out: when the marketplace did it is not seeded.
      if (question.status !== 'ANSWERED' || !question.answer) return [];
      const answered = stateOf(question);
      states.set(question, answered);
      const asked: QuestionState = { status: 'UNANSWERED', answer: null, last_updated: question.date_created };
      const changes: PastChange[] = [{ at: question.date_created, change, apply: () => Object.assign(question, asked) }];
      // An answer given since the demo was opened is a live entry of its own.
      if (question.answer.date_created < db.now)
        changes.push({ at: question.answer.date_created, change, apply: () => Object.assign(question, answered) });
      return changes;
    });
}

/**
 * The history of the demo `db`, to replay with `makeEntry` once (before the activity's first read or live entry).
 * The recategorization is made at once, so that every read from now on shows the item in its new category.
 */
export function demoHistory(db: Db): (makeEntry: MakeEntry) => void {
  const item = db.items.get(recategorizedItem);
  const moved = item?.seller_id === db.seller.id && recategorize(db.categories, item) !== null;
  // Its own stream (not db.random, which handlers draw from): the same history whenever it is replayed.
  const random = createRandom(db.seed === 'large' ? 4747 : 3333);
  const movedAt = db.now - random.int(2 * 60, 6 * 60) * minute;
  const userId = db.seller.id;

  function changes(states: Map<QuestionRecord, QuestionState>): PastChange[] {
    const past = questionChanges(db, states);
    if (moved) past.push({ at: movedAt, change: { topic: 'items', resource: `/items/${recategorizedItem}`, userId } });
    // A couple of stock edits at the seller's own address.
    const editable = [...db.stock.userProducts.values()].filter(
      (record) => record.user_id === userId && record.locations.some((location) => location.type === 'selling_address'),
    );
    for (let count = 0; count < 2 && editable.length > 0; count += 1) {
      const [record] = editable.splice(random.int(0, editable.length - 1), 1);
      past.push({
        at: db.now - random.int(60, questionDays * 24 * 60) * minute,
        change: { topic: 'stock-location', resource: `/user-products/${record!.id}/stock`, userId },
      });
    }
    const operation = db.fulfillment.operations.findLast(
      (candidate) => candidate.seller_id === userId && Date.parse(candidate.date_created) < db.now,
    );
    if (operation)
      past.push({
        at: Date.parse(operation.date_created),
        change: { topic: 'fbm_stock_operations', resource: `/stock/fulfillment/operations/${operation.id}`, userId },
      });
    // Credit dates are UTC without an offset, to the second.
    const leadAt = (date: string) => Date.parse(`${date}Z`);
    const lead = db.creditLeads.live.find(
      (candidate) => candidate.seller_id === userId && candidate.status === 'approved' && leadAt(candidate.date_created) <= db.now,
    );
    if (lead) past.push({ at: leadAt(lead.date_created), change: { topic: 'leads-credits', resource: `/vis/loans/${lead.id}`, userId } });
    return past.sort((a, b) => a.at - b.at);
  }

  return (makeEntry) => {
    const states = new Map<QuestionRecord, QuestionState>();
    for (const { at, change, apply } of changes(states)) {
      apply?.();
      makeEntry(change, at, at < db.now - lastLookAgo);
    }
    for (const [question, state] of states) Object.assign(question, state);
  };
}
