import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartPalette } from './chartPalette';

export interface AvailabilityPoint {
  time: number;
  available: number;
}

interface AvailabilityChartProps {
  points: AvailabilityPoint[];
  label: string;
  formatTime: (time: number) => string;
}

/** Available units after each operation of one inventory, over time (a step line: stock changes at operations). */
export function AvailabilityChart({ points, label, formatTime }: AvailabilityChartProps) {
  // CSS variables, so SVG colours follow the light/dark scheme like the rest of the page.
  const { palette } = useChartPalette();
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <LineChart
        responsive
        data={points}
        style={{ width: '100%', height: 260 }}
        margin={{ left: 0, right: 32, top: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={palette.divider} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={formatTime}
          tick={tick}
          stroke={palette.text.secondary}
        />
        <YAxis allowDecimals={false} width={48} tick={tick} stroke={palette.text.secondary} />
        <Tooltip
          labelFormatter={(time) => formatTime(Number(time))}
          contentStyle={{ background: palette.background.paper, color: palette.text.primary }}
        />
        <Line type="stepAfter" dataKey="available" stroke={palette.primary.main} dot={false} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
