import { existsSync } from 'node:fs';

/** Debian's Chromium where installed (CI installs it), else Playwright's own. */
export const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

/**
 * The flags every browser of the tests, the bench and the stylesheet build starts with: no sandbox (root in CI),
 * no GPU, and none of the background traffic (updates, sync, QUIC probes) that would add to what is measured.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
