// The suggestions figure of `npm run bench` (also alone, after `npm run build`: npx tsx scripts/bench-suggestions.ts;
// DATABASE_URL set: also on PostgreSQL): the simulator, in this process, as the marketplace with 10,000 answered
// questions in the demo seller's account (the labelled set's answers, spread over the seller's items), the
// built server in live mode over it, signed in. The server backfills its copy (answerCopy.ts) as it would any
// account; once done, 100 openings of new unanswered questions (the labelled paraphrases) each ask
// GET /suggestions as the queue does when the question's data arrived: p50/p95 of that answer, the first
// (the account's index built) shown apart too. Prints one JSON line per store.
import type { AddressInfo } from 'node:net';
import labelled from '../core/fixtures/suggestions-labelled.json' with { type: 'json' };
import { demoSeller } from '../src/demo/db/core';
import type { QuestionRecord } from '../src/demo/db/questions';
import { createDemoServer } from '../src/demo/server';
// @ts-expect-error: a plain ES module of the bench, without types
import { inNewSchema, percentile, round, startLive } from './bench-notifications.mjs';

const answeredCount = 10_000;
const openings = 100;
const port = Number(process.env.BENCH_PORT ?? 4490);
const outDir = process.env.OUT_DIR ?? 'dist';

const simulator = createDemoServer({
  seed: 'default',
  oauth: { clientId: 'seller-desk-bench', clientSecret: 'bench-secret', expiresIn: 21600 },
});
const { db } = simulator;
const items = [...db.items.keys()].filter((id) => db.items.get(id)?.seller_id === demoSeller.id);
const template = [...db.questions.byId.values()].find((q) => q.seller_id === demoSeller.id)!;
const asked = Date.now() - 400 * 24 * 3600_000;

function question(text: string, itemId: string, answer: string | null, at: number): QuestionRecord {
  const id = db.questions.nextId++;
  const record: QuestionRecord = {
    ...template,
    id,
    item_id: itemId,
    text,
    date_created: at,
    last_updated: at,
    status: answer === null ? 'UNANSWERED' : 'ANSWERED',
    answer: answer === null ? null : { text: answer, status: 'ACTIVE', date_created: at + 60_000 },
  };
  db.questions.byId.set(id, record);
  return record;
}

// The seller's own earlier answers: the labelled answers again and again, on the seller's items, each a minute apart.
for (let i = 0; i < answeredCount; i++) {
  const earlier = labelled.answered[i % labelled.answered.length]!;
  question(earlier.question, items[i % items.length]!, earlier.answer, asked + i * 60_000);
}
// The last answered: what says the backfill, which reads oldest first, is done.
const last = question('¿Hacen envíos a Tierra del Fuego en el día?', items[0]!, 'Sí, con Flex en el día.', asked + answeredCount * 60_000);
const opened = Array.from({ length: openings }, (_, i) => {
  const paraphrase = labelled.new[i % labelled.new.length]!;
  return question(paraphrase.question, items[i % items.length]!, null, Date.now() - 60_000);
});

await new Promise<void>((resolve) => simulator.server.listen(port, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${(simulator.server.address() as AddressInfo).port}`;

interface Suggestions {
  suggestions: { questionId: number }[];
}

async function benchOne(databaseUrl: string | undefined) {
  const { origin, cookie, stop } = await startLive({
    port: port + 1,
    outDir,
    databaseUrl,
    upstream: { apiUrl, token: demoSeller.token },
    // The backfill goes at the budget's pace: raised here so 200 pages take seconds, not a minute.
    env: { UPSTREAM_RATE: '100' },
  });
  const suggest = async (questionId: number) => {
    const started = performance.now();
    const response = await fetch(`${origin}/suggestions?question_id=${questionId}`, { headers: { cookie, 'x-seller-desk': '1' } });
    if (response.status !== 200) throw new Error(`GET /suggestions answered ${response.status}`);
    const body = (await response.json()) as Suggestions;
    return { ms: performance.now() - started, body };
  };
  // Asked again, unanswered: its suggestions name the last answered question once the backfill read it.
  const lastProbe = question(last.text, items[0]!, null, Date.now() - 60_000);
  try {
    const backfillStarted = performance.now();
    for (;;) {
      const { body } = await suggest(lastProbe.id);
      if (body.suggestions.some((s) => s.questionId === last.id)) break;
      if (performance.now() - backfillStarted > 600_000) throw new Error('the backfill did not finish in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const backfillS = round((performance.now() - backfillStarted) / 1000);
    // An answer sent since moves the copy: the index is built again on the first opening, as after any change.
    const sent = await fetch(`${origin}/api/answers`, {
      method: 'POST',
      headers: { cookie, origin, 'x-seller-desk': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ question_id: lastProbe.id, text: 'Sí, con Flex en el día.' }),
    });
    if (sent.status !== 200) throw new Error(`POST /api/answers answered ${sent.status}`);
    const times: number[] = [];
    for (const open of opened) times.push((await suggest(open.id)).ms);
    return {
      store: databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)',
      answered: answeredCount + 1,
      openings,
      backfillS,
      firstMs: round(times[0]!),
      p50Ms: round(percentile(times, 0.5)),
      p95Ms: round(percentile(times, 0.95)),
      maxMs: round(Math.max(...times)),
    };
  } finally {
    stop();
  }
}

try {
  console.log(JSON.stringify(await benchOne(undefined)));
  // On PostgreSQL in a schema of its own, dropped after.
  if (process.env.DATABASE_URL) console.log(JSON.stringify(await inNewSchema(process.env.DATABASE_URL, benchOne)));
} finally {
  simulator.server.close();
  simulator.server.closeAllConnections();
}
