import Box from '@mui/material/Box';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { visuallyHidden } from '../components/visuallyHidden';
import { describeEntry, isNewQuestion } from '../features/activity/describe';
import { notifyDesktop } from '../features/activity/desktop';
import { applyActivity } from './liveUpdates';
import { useActivityStream } from './useActivityStream';

/**
 * The app listening while it is open: each activity entry updates the cache of the pages it concerns, is
 * announced to screen readers, and (new questions, when the seller opted in) shown as a desktop notification.
 * Says quietly when the stream is down; the pages keep polling meanwhile.
 */
export function LiveUpdates() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const state = useActivityStream((entry) => {
    applyActivity(queryClient, entry);
    const text = describeEntry(entry, i18n);
    setAnnouncement(text);
    if (isNewQuestion(entry)) notifyDesktop(text, entry.id);
  });
  const paused = t`Live updates paused — reconnecting`;
  return (
    <>
      {state === 'down' && (
        <Box title={paused} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, opacity: 0.85 }}>
          <SyncProblemIcon fontSize="small" aria-hidden />
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
