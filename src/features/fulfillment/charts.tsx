import Box from '@mui/material/Box';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useChartPalette, type ChartLook } from './chartPalette';
import { availabilityChartHeight, notAvailableChartHeight, useChartWidth } from './chartSize';

/*
 * Recharts (about 90 KB gzipped, and its first render) is not part of the area's route: the fulfilled listings
 * never draw a chart, and the inventory and the operations log show their text and tables first. Each chart
 * holds its exact size while it loads, so nothing below it moves when it arrives.
 */
const LazyNotAvailableChart = lazy(() => import('./NotAvailableChart').then((module) => ({ default: module.NotAvailableChart })));
const LazyAvailabilityChart = lazy(() => import('./AvailabilityChart').then((module) => ({ default: module.AvailabilityChart })));

type PageProps<C extends typeof LazyNotAvailableChart | typeof LazyAvailabilityChart> = Omit<ComponentProps<C>, keyof ChartLook>;

/** The look both charts take: CSS variables, so SVG colours follow the light/dark scheme like the rest of the page. */
function useLook(height: number): ChartLook {
  return { ...useChartPalette(), width: useChartWidth(), height };
}

export function NotAvailableChart(props: PageProps<typeof LazyNotAvailableChart>) {
  const look = useLook(notAvailableChartHeight(props.data.length));
  return (
    <Suspense fallback={<Box sx={{ height: look.height }} />}>
      <LazyNotAvailableChart {...props} {...look} />
    </Suspense>
  );
}

export function AvailabilityChart(props: PageProps<typeof LazyAvailabilityChart>) {
  const look = useLook(availabilityChartHeight);
  return (
    <Suspense fallback={<Box sx={{ height: look.height }} />}>
      <LazyAvailabilityChart {...props} {...look} />
    </Suspense>
  );
}
