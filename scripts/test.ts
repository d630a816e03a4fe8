// `npm test`: every check CI runs, in CI's order, stopping at the first that fails (its exit code is npm test's).
// CI (.ci/run) runs exactly this. Like CI, it points the store's tests at a local PostgreSQL when one answers on
// 127.0.0.1:5432 and DATABASE_URL is unset, and says on one line which store the tests run on. Arguments go to
// Playwright (`npm test -- --grep inbox`).
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

const localPostgres = 'postgres://postgres@127.0.0.1:5432/test';

/** Whether PostgreSQL answers on 127.0.0.1:5432: `pg_isready` where installed, else a connection within 3 s. */
async function postgresAnswers(): Promise<boolean> {
  const ready = spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-t', '3']);
  if (!ready.error) return ready.status === 0;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 3000 });
    const answer = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

// The URL is not printed when it was given: it may carry a password.
if (process.env.DATABASE_URL) console.log('::: DATABASE_URL is set: the store tests run on it too');
else if (await postgresAnswers()) {
  process.env.DATABASE_URL = localPostgres;
  console.log(`::: PostgreSQL answers on 127.0.0.1:5432: the store tests run on it too (DATABASE_URL=${localPostgres})`);
} else console.log('::: no PostgreSQL on 127.0.0.1:5432: the store tests run on the embedded store only');

const scripts = ['format:check', 'lint', 'typecheck', 'i18n:check', 'knip', 'test:unit', 'test:server', 'build:serve', 'budget'];
const steps: [string, string[]][] = [
  ...scripts.map((script): [string, string[]] => ['npm', ['run', script]]),
  ['npx', ['playwright', 'test', ...process.argv.slice(2)]],
];
for (const [command, args] of steps) {
  const { status, error } = spawnSync(command, args, { stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}
