import { it } from 'vitest';
import { createDb } from './test/demo';
it('t', () => { for (const s of ['large','large','default'] as const) { const t0 = performance.now(); createDb(s); console.log(s, Math.round(performance.now()-t0)); } });
