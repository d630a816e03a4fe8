import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { describeEntry, isNewQuestion, streamPaused } from '../features/activity/describe';
import { notifyDesktop } from '../features/activity/desktop';
import { activityKeys } from '../features/activity/keys';
import { demoAccount } from '../lib/demoAccount';
import { sessionStore } from '../lib/session';
import { stockKeys } from '../lib/stockKeys';
import { applyActivity, applyLeadReview } from './liveUpdates';
import { useActivityStream } from './useActivityStream';

/**
 * The app listening while it is open: each activity entry updates the cache of the pages it concerns, is
 * announced to screen readers, and (new questions, when the seller opted in) shown as a desktop notification.
 * Says quietly when the stream is down (in words on wide screens, a dot on phones); the pages keep polling meanwhile.
 */
export function LiveUpdates({ wide }: { wide: boolean }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const state = useActivityStream(
    (entry) => {
      applyActivity(queryClient, entry);
      const text = describeEntry(entry, i18n);
      setAnnouncement(text);
      if (isNewQuestion(entry)) notifyDesktop(text, entry.id);
    },
    () => void queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    (review) => {
      const session = sessionStore.get();
      // Demo mode's one account is the seeded seller, whose id the demo door's events carry.
      applyLeadReview(queryClient, review, session.mode === 'live' ? (session.server?.activeAccountId ?? '') : String(demoAccount.id));
    },
    // The bulk stock page reads the job again (and the list): its progress follows the stream.
    (id) => void queryClient.invalidateQueries({ queryKey: stockKeys.job(id) }),
  );
  const paused = i18n._(streamPaused);
  return (
    <>
      {state === 'down' && (
        <span className={wide ? 'shell-paused' : 'shell-paused shell-paused-corner'} title={paused}>
          <span aria-hidden className="shell-dot" />
          <span className={wide ? 'shell-paused-text' : 'visually-hidden'}>{paused}</span>
        </span>
      )}
      <span role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </span>
    </>
  );
}
