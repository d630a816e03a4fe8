import { useTheme } from '@mui/material/styles';

/** The theme's palette as CSS variables when the theme has them (it does: light and dark by class). */
export function useChartPalette() {
  const theme = useTheme();
  return { palette: theme.vars?.palette ?? theme.palette };
}
