import type { FastifyBaseLogger } from 'fastify';

/**
 * The loop of a worker that claims work from the store (the notification worker, the stock job runner): runs
 * `work` now when kicked, or once more after the run in progress; every `pollMs` for retries and run-out
 * leases; and first after `reclaim` has made what this instance claimed before its restart due at once.
 */
export function claimLoop(options: {
  work: () => Promise<void>;
  /** Run at start, then `work`; without it the loop first runs at its first poll or kick. */
  reclaim?: () => Promise<number>;
  pollMs: number;
  log: FastifyBaseLogger;
  /** What is claimed, for the log ("notifications", "stock jobs"). */
  what: string;
}) {
  const { work, log, what } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function loop(): Promise<void> {
    do {
      again = false;
      await work();
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error: unknown) => log.error({ err: error }, `${what}: the worker failed`))
      .finally(() => (running = undefined));
  }

  const timer = setInterval(kick, options.pollMs);
  timer.unref();
  options.reclaim?.().then(
    (taken) => {
      if (taken > 0) log.info({ taken }, `${what} claimed before the restart taken back`);
      kick();
    },
    (error: unknown) => {
      log.error({ err: error }, `${what} claimed before the restart not taken back`);
      kick();
    },
  );

  return {
    kick,
    stopped: () => stopped,
    /** Stops kicking and waits for the run in progress. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
