import { server } from './demo';

/** The most requests matching `counts` in flight at once while `run` runs (answered by the simulator). */
export async function peakInFlight(counts: (request: Request) => boolean, run: () => Promise<unknown>): Promise<number> {
  let inFlight = 0;
  let peak = 0;
  const start = ({ request }: { request: Request }) => {
    if (!counts(request)) return;
    inFlight += 1;
    peak = Math.max(peak, inFlight);
  };
  const end = ({ request }: { request: Request }) => {
    if (counts(request)) inFlight -= 1;
  };
  server.events.on('request:start', start);
  server.events.on('response:mocked', end);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', start);
    server.events.removeListener('response:mocked', end);
  }
  return peak;
}
