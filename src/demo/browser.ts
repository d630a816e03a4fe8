import { setupWorker } from 'msw/browser';
import type { HttpHandler } from 'msw';
import { createDbInSlices, nextTask, type Db, type Failure } from './db';
import { createActivityHandlers } from './activity';
import { defaultAnswerTarget } from '../../core/answerTarget.ts';
import { readableKinds } from '../../core/permissions.ts';
import { can } from '../../core/roles.ts';
import { createDemoAudit, createDoorHandlers } from './door';
import { actingRole, createDemoTeam } from './team';
import { handlerGroups } from './handlers';
import { createStockJobHandlers } from './stockJobs';
import { createDemoLowStock } from './lowStock';
import { readScenario, type SavedScenario } from './scenario';

/** Handle for e2e tests and curious visitors (window.__demo): inject failures, move the clock. */
interface DemoControl {
  db: Db;
  failNext: (failure: Failure) => void;
  advanceClock: (ms: number) => void;
}

declare global {
  interface Window {
    __demo?: DemoControl;
  }
}

/**
 * Starts the demo backend in the browser: the seeded db behind the MSW service worker, in the scenario of the
 * page's address as it was opened (`search`) or the one kept for the tab, with the team kept for the tab
 * (src/demo/team.ts).
 */
export async function startDemoBackend(
  search: string,
  kept: { scenario: SavedScenario; team: SavedScenario; templates: SavedScenario },
): Promise<void> {
  const scenario = readScenario(search, kept.scenario);
  const db = await createDbInSlices(scenario.seed, scenario.config);
  const marketplace: HttpHandler[] = [];
  for (const make of handlerGroups(db)) {
    await nextTask();
    marketplace.push(...make());
  }
  await nextTask();
  // The server's own paths: its door before the marketplace, and the activity.
  const serverEvents = new Set<(event: string, data: unknown) => void>();
  const team = createDemoTeam(db, kept.team);
  const audit = createDemoAudit(db, team);
  const lowStock = createDemoLowStock();
  // The account's settings, set through the door and read by the activity's due-soon entry.
  const settings = { answerTarget: defaultAnswerTarget };
  const worker = setupWorker(
    ...createDoorHandlers(db, marketplace, serverEvents, { team, kept: kept.team, keptTemplates: kept.templates, audit, settings }),
    ...createStockJobHandlers(db, marketplace, serverEvents, () => can(actingRole(team), 'stock.write'), audit),
    ...lowStock.handlers,
    ...marketplace,
    ...createActivityHandlers(db, {
      history: true,
      serverEvents,
      readable: () => readableKinds(actingRole(team)),
      answerTarget: () => settings.answerTarget,
      lowStock,
    }),
  );
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
  window.__demo = {
    db,
    failNext: (failure) => db.config.failures.push(failure),
    advanceClock: (ms) => {
      db.clockOffset += ms;
    },
  };
}
