import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { useChartPalette } from './chartPalette';
import { useChartWidth } from './chartWidth';

export interface StatusBar {
  label: string;
  quantity: number;
}

/** Horizontal bars of the not available units per status; the table beside it carries the same data in text. */
export function NotAvailableChart({ data, label }: { data: StatusBar[]; label: string }) {
  // CSS variables, so SVG colours follow the light/dark scheme like the rest of the page.
  const { palette } = useChartPalette();
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  const width = useChartWidth();
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <BarChart
        layout="vertical"
        data={data}
        width={width}
        height={40 * data.length + 40}
        margin={{ left: 8, right: 16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke={palette.divider} />
        <XAxis type="number" allowDecimals={false} tick={tick} stroke={palette.text.secondary} />
        <YAxis type="category" dataKey="label" width={130} tick={tick} stroke={palette.text.secondary} />
        <Bar dataKey="quantity" fill={palette.warning.main} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
