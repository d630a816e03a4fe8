import type { BaseTickContentProps } from 'recharts';

/** Offsets of the first line's baseline, as Recharts' own Text places them. */
const baseline = { start: '0.71em', middle: '0.355em', end: '0' } as const;

/**
 * An axis label as one plain SVG text. Recharts' Text measures every word in the DOM (a forced layout
 * each) to wrap labels; short dates and numbers never wrap, so the measuring only cost time.
 */
export function PlainTick({ x, y, textAnchor, verticalAnchor, fill, payload, tickFormatter, index, className }: BaseTickContentProps) {
  return (
    <text x={x} y={y} dy={baseline[verticalAnchor]} textAnchor={textAnchor} fill={fill} fontSize={12} className={className}>
      {tickFormatter ? tickFormatter(payload.value, index) : String(payload.value)}
    </text>
  );
}
