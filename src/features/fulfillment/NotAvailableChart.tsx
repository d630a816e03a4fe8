import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { ChartLook } from './chartPalette';
import { PlainTick } from './PlainTick';

export interface StatusBar {
  label: string;
  quantity: number;
}

/** Room for a status on the category axis, in px. */
const labelWidth = 130;
/**
 * Characters of a status that fit in `labelWidth` at 12 px: every status of the spec does, on one line, in every
 * language (the longest, "Sem cobertura fiscal", has 20). A longer one the server adds is cut with an ellipsis; the
 * table below the chart names it in full.
 */
const labelChars = 20;
const shortLabel = (label: string) => (label.length > labelChars ? `${label.slice(0, labelChars - 1)}…` : label);

/**
 * Horizontal bars of the not available units per status; the table beside it carries the same data in text.
 * Every tick is drawn (`interval={0}`) as plain text (PlainTick): Recharts would otherwise measure each label in
 * the DOM, a forced layout per label, to pick which to show and to wrap them (the chart's first render took 100 ms at 1x, now 78–88).
 */
export function NotAvailableChart({ data, label, palette, width, height }: { data: StatusBar[]; label: string } & ChartLook) {
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      <BarChart layout="vertical" data={data} width={width} height={height} margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={palette.divider} />
        <XAxis type="number" allowDecimals={false} interval={0} tick={PlainTick} stroke={palette.text.secondary} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          interval={0}
          tickFormatter={shortLabel}
          tick={PlainTick}
          stroke={palette.text.secondary}
        />
        <Bar dataKey="quantity" fill={palette.warning.main} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
