import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** The operations log's chart of available units over time. */
export const availabilityChartHeight = 260;

/** The inventory's bars of not available units: one 40 px bar per status, and the axis. */
export const notAvailableChartHeight = (bars: number) => 40 * bars + 40;

/**
 * A chart's width in px from the breakpoint alone: the narrowest content of a section at that breakpoint
 * (viewport − navigation from md − the main's and the section's padding). Recharts then draws at a known
 * size instead of measuring its container and the labels (forced layouts that cost 0.7 s on a phone).
 */
const widths = { xs: 296, sm: 512, md: 576, lg: 880, xl: 1200 } as const;

export function useChartWidth(): number {
  const { breakpoints } = useTheme();
  const xl = useMediaQuery(breakpoints.up('xl'), { noSsr: true });
  const lg = useMediaQuery(breakpoints.up('lg'), { noSsr: true });
  const md = useMediaQuery(breakpoints.up('md'), { noSsr: true });
  const sm = useMediaQuery(breakpoints.up('sm'), { noSsr: true });
  return widths[xl ? 'xl' : lg ? 'lg' : md ? 'md' : sm ? 'sm' : 'xs'];
}
