import { nextTask } from '../lib/nextTask';

let loading: Promise<void> | undefined;

/**
 * The modules that nearly every lazy part shares, run one group per task before any part's own: react-query's
 * with the query client, Emotion, MUI's styling with the theme, MUI's components (their chunk, vite.config.ts, through
 * ButtonBase, which most of them are drawn on), then the app's shared modules (the seller's identity among
 * them). The server preloads them all with the page, so the browser ran them in one long task with the page's
 * own (90 ms at 1x on the fulfilled listings, four times that on a phone); in turn, none is long. Loaded once;
 * a failed download is tried again by the next call.
 */
export function commonModules(): Promise<void> {
  loading ??= (async () => {
    await import('./queryClient');
    await nextTask();
    await import('@emotion/react');
    await nextTask();
    await import('./MuiTheme');
    await nextTask();
    await import('@mui/material/ButtonBase');
    await nextTask();
    await import('../lib/identity');
    await nextTask();
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
