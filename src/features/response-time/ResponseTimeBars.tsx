import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, LabelList, Rectangle, ReferenceLine, Text, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { responseTimeRules } from '../../api/response-time';
import { useFormat } from '../../lib/format';
import type { SlotRow } from './rows';
import { useLingui } from '@lingui/react/macro';
import { shortSlotLabels } from './labels';

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

/** The bars of ResponseTimeChart, with Recharts: a chunk of their own, loaded when the chart comes near the screen. */
export function ResponseTimeBars({ rows }: { rows: SlotRow[] }) {
  const { i18n } = useLingui();
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
  return (
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
  );
}
