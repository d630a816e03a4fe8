import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartLook } from './chartPalette';
import { PlainTick } from './PlainTick';

export interface AvailabilityPoint {
  time: number;
  available: number;
}

interface AvailabilityChartProps extends ChartLook {
  points: AvailabilityPoint[];
  label: string;
  formatTime: (time: number) => string;
}

/** Room for one date label on the time axis. */
const tickSpacing = 130;

/** Available units after each operation of one inventory, over time (a step line: stock changes at operations). */
export function AvailabilityChart({ points, label, formatTime, palette, width, height }: AvailabilityChartProps) {
  // Evenly spaced dates as many as fit: Recharts would otherwise label every point or measure labels to drop some.
  const count = Math.max(2, Math.floor(width / tickSpacing));
  const first = points[0]?.time ?? 0;
  const span = (points.at(-1)?.time ?? 0) - first;
  const ticks = Array.from({ length: count }, (_, i) => first + Math.round((span * i) / (count - 1)));
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <LineChart data={points} width={width} height={height} margin={{ left: 0, right: 32, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={palette.divider} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={formatTime}
          ticks={ticks}
          interval={0}
          tick={PlainTick}
          stroke={palette.text.secondary}
        />
        <YAxis allowDecimals={false} width={48} interval={0} tick={PlainTick} stroke={palette.text.secondary} />
        <Tooltip
          labelFormatter={(time) => formatTime(Number(time))}
          contentStyle={{ background: palette.background.paper, color: palette.text.primary }}
        />
        <Line type="stepAfter" dataKey="available" stroke={palette.primary.main} dot={false} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
