import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, LabelList, Rectangle, ReferenceLine, Text, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { responseTimeRules } from '../../api/response-time';
import { useFormat } from '../../lib/format';
import type { SlotRow } from './rows';
import { useLingui } from '@lingui/react/macro';
import { shortSlotLabels, slotLabels } from './labels';

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value: string };
}

/** Category labels wrap onto two lines so four bars fit side by side at 360 px. */
function WrappedTick({ x, y, payload }: TickProps) {
  return (
    <Text
      x={Number(x)}
      y={Number(y)}
      width={64}
      textAnchor="middle"
      verticalAnchor="start"
      fontSize={12}
      fill="var(--mui-palette-text-secondary)"
    >
      {payload?.value ?? ''}
    </Text>
  );
}

/**
 * The slots and the total in minutes, with the 60-minute line the sales projection starts from. Colours
 * are the theme's CSS variables, so the chart follows light and dark mode. The bars are one picture for
 * assistive technology (role img, named by the values); the same figures are in the table beside it.
 */
export function ResponseTimeChart({ rows }: { rows: SlotRow[] }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { vars } = useTheme();
  const palette = vars?.palette;
  const colour = (row: SlotRow) =>
    row.key === 'total'
      ? palette?.secondary.main
      : row.minutes > responseTimeRules.salesIncreaseAboveMinutes
        ? palette?.warning.main
        : palette?.primary.main;
  const data = rows.map((row) => ({ ...row, label: i18n._(shortSlotLabels[row.key]) }));
  const values = rows.map((row) => `${i18n._(slotLabels[row.key])}: ${t`${{ minutes: format.number(row.minutes) }} min`}`).join('; ');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box role="img" aria-label={t`Bar chart of the average response time in minutes. ${values}.`} sx={{ width: '100%', height: 300 }}>
        <BarChart
          data={data}
          accessibilityLayer={false}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 24, right: 8, bottom: 16, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke={palette?.divider} />
          <XAxis dataKey="label" interval={0} tick={<WrappedTick />} stroke={palette?.text.secondary} />
          <YAxis
            width={52}
            tickFormatter={(value: number) => format.number(value)}
            tick={{ fill: palette?.text.secondary, fontSize: 12 }}
            stroke={palette?.text.secondary}
          />
          <ReferenceLine
            y={responseTimeRules.salesIncreaseAboveMinutes}
            ifOverflow="extendDomain"
            stroke={palette?.text.primary}
            strokeDasharray="6 4"
          />
          <Bar
            dataKey="minutes"
            isAnimationActive={false}
            maxBarSize={72}
            shape={(props: BarShapeProps) => <Rectangle {...props} fill={colour(data[props.index]!)} />}
          >
            <LabelList
              dataKey="minutes"
              position="top"
              formatter={(value) => format.number(Number(value))}
              fill={palette?.text.primary}
              fontSize={13}
            />
          </Bar>
        </BarChart>
      </Box>
      {/* The line's meaning as text: a label on it would collide with the axis when the bars run to days. */}
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {t`Dashed line: 60 minutes. Above it, the platform projects extra sales for answering within an hour.`}
      </Typography>
    </Box>
  );
}
