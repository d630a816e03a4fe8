import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { ChartLook } from './chartPalette';

export interface StatusBar {
  label: string;
  quantity: number;
}

/** Horizontal bars of the not available units per status; the table beside it carries the same data in text. */
export function NotAvailableChart({ data, label, palette, width, height }: { data: StatusBar[]; label: string } & ChartLook) {
  const tick = { fill: palette.text.secondary, fontSize: 12 };
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <BarChart layout="vertical" data={data} width={width} height={height} margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={palette.divider} />
        <XAxis type="number" allowDecimals={false} tick={tick} stroke={palette.text.secondary} />
        <YAxis type="category" dataKey="label" width={130} tick={tick} stroke={palette.text.secondary} />
        <Bar dataKey="quantity" fill={palette.warning.main} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
