import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { visuallyHidden } from '../components/visuallyHidden';
import { describeEntry, isNewQuestion, streamPaused } from '../features/activity/describe';
import { notifyDesktop } from '../features/activity/desktop';
import { activityKeys } from '../features/activity/keys';
import { applyActivity } from './liveUpdates';
import { useActivityStream } from './useActivityStream';

/**
 * The app listening while it is open: each activity entry updates the cache of the pages it concerns, is
 * announced to screen readers, and (new questions, when the seller opted in) shown as a desktop notification.
 * Says quietly when the stream is down; the pages keep polling meanwhile.
 */
export function LiveUpdates() {
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
  );
  const paused = i18n._(streamPaused);
  return (
    <>
      {state === 'down' && (
        <Box title={paused} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, opacity: 0.85 }}>
          {/* A dot, not an icon: an icon here made the bundler move MUI's icon code out of the entry chunk, over the first-paint budget. */}
          <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.light' }} />
          <Box component="span" sx={(theme) => ({ typography: 'caption', [theme.breakpoints.down('md')]: visuallyHidden })}>
            {paused}
          </Box>
        </Box>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
