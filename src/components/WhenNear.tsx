import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { useNearViewport } from '../lib/useNearViewport';

/**
 * A chart (or any costly part below the fold) once its place comes near the screen; until then, and while its
 * code loads, a space of its exact height, so nothing below it moves when it arrives.
 */
export function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const space = <Box ref={ref} sx={{ height }} />;
  return near ? <Suspense fallback={space}>{children}</Suspense> : space;
}
