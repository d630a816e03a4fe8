import { useTheme } from '@mui/material/styles';

/** The theme's palette as CSS variables when the theme has them (it does: light and dark by class). */
export function useChartPalette() {
  const theme = useTheme();
  return { palette: theme.vars?.palette ?? theme.palette };
}

/**
 * What a chart takes from the page: the theme's colours and its size. The charts load on their own (./charts),
 * and take these as props so that their chunks hold Recharts alone, not the theme's code.
 */
export interface ChartLook {
  palette: ReturnType<typeof useChartPalette>['palette'];
  width: number;
  height: number;
}
