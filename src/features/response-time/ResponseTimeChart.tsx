import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { WhenNear } from '../../components/WhenNear';
import { useFormat } from '../../lib/format';
import type { SlotRow } from './rows';
import { useLingui } from '@lingui/react/macro';
import { slotLabels } from './labels';

// Recharts and the chart's first render (about 130 ms at 1x CPU) wait until the chart comes near the screen:
// on a phone it is below the fold, after the headline figure and the callouts.
const ResponseTimeBars = lazy(() => import('./ResponseTimeBars').then((module) => ({ default: module.ResponseTimeBars })));
const chartHeight = 300;

/**
 * The slots and the total in minutes, with the 60-minute line the sales projection starts from. Colours
 * are the theme's CSS variables, so the chart follows light and dark mode. The bars are one picture for
 * assistive technology (role img, named by the values); the same figures are in the table beside it.
 */
export function ResponseTimeChart({ rows }: { rows: SlotRow[] }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const values = rows.map((row) => `${i18n._(slotLabels[row.key])}: ${t`${{ minutes: format.number(row.minutes) }} min`}`).join('; ');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        role="img"
        aria-label={t`Bar chart of the average response time in minutes. ${values}.`}
        sx={{ width: '100%', height: chartHeight }}
      >
        <WhenNear height={chartHeight}>
          <ResponseTimeBars rows={rows} />
        </WhenNear>
      </Box>
      {/* The line's meaning as text: a label on it would collide with the axis when the bars run to days. */}
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {t`Dashed line: 60 minutes. Above it, the platform projects extra sales for answering within an hour.`}
      </Typography>
    </Box>
  );
}
