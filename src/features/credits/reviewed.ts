import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useGrants } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { createLocalStore, useStore } from '../../lib/store';
import type { CreditLeadView } from './creditLeadView';
import { leadReviewsQuery, useSetLeadReview } from './queries';

/** Leads an earlier version marked as reviewed, in this browser only (any account's, unknown which). */
export const marksStore = createLocalStore<string[]>('seller-desk.credits.reviewed', []);
/** Marks being carried over now: a mark goes once, whatever renders meanwhile. */
const carrying = new Set<string>();

function forget(id: string): void {
  carrying.delete(id);
  marksStore.set((ids) => ids.filter((other) => other !== id));
}

/**
 * The marks an earlier version kept in this browser become the team's reviews, once (docs/roles.md): a marked
 * lead of this account's list that the team has not reviewed yet is saved as `contacted`, and its mark is removed
 * here; one the team already reviewed only loses its mark. Marks of leads not in the list stay (another account's).
 */
export function useCarryOverMarks(rows: readonly CreditLeadView[]): void {
  const marks = useStore(marksStore);
  const { sandbox } = useSession();
  const canReview = useGrants().can('credits.review');
  const reviews = useQuery({ ...leadReviewsQuery(sandbox), enabled: canReview && marks.length > 0 });
  const { mutate: save } = useSetLeadReview(sandbox);
  const due = reviews.data ? rows.filter((row) => marks.includes(row.lead.id) && !carrying.has(row.lead.id)) : [];
  const dueIds = due.map((row) => `${row.lead.id}:${row.review ? 'reviewed' : 'new'}`).join(',');
  useEffect(() => {
    for (const entry of dueIds ? dueIds.split(',') : []) {
      const [id = '', state] = entry.split(':');
      carrying.add(id);
      if (state === 'reviewed') forget(id);
      else save({ leadId: id, status: 'contacted', note: null }, { onSuccess: () => forget(id), onError: () => carrying.delete(id) });
    }
  }, [dueIds, save]);
}
