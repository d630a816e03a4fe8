import { http, HttpResponse, type HttpHandler } from 'msw';
import { effectiveThreshold, lowStockStep, readThreshold } from '../../core/lowStock.ts';

/**
 * Low-stock alerts in demo mode, as the server keeps them (server/src/lowStock.ts, core/lowStock.ts): the
 * demo seller's thresholds at the server's paths (`GET /low-stock`, `PUT /low-stock/default`,
 * `PUT /low-stock/user-products/:id`; the door's first handler has checked the role), and `seen`, which the
 * activity (src/demo/activity.ts) asks after each stock change it reads: the facts of the crossing's entry, or
 * undefined when there is none.
 */
export function createDemoLowStock() {
  let accountDefault: number | null = null;
  const own = new Map<string, number>();
  const low = new Set<string>();

  const badRequest = (message: string) => HttpResponse.json({ error: 'bad_request', message }, { status: 400 });
  const body = (request: Request) => request.json().catch(() => null) as Promise<unknown>;

  const handlers: HttpHandler[] = [
    http.get('*/low-stock', () =>
      HttpResponse.json({
        accountDefault,
        userProducts: [...own].sort(([a], [b]) => a.localeCompare(b)).map(([userProductId, threshold]) => ({ userProductId, threshold })),
      }),
    ),
    http.put('*/low-stock/default', async ({ request }) => {
      const read = readThreshold(await body(request));
      if ('problem' in read) return badRequest(read.problem);
      accountDefault = read.threshold;
      return HttpResponse.json(read);
    }),
    http.put('*/low-stock/user-products/:id', async ({ request, params }) => {
      const read = readThreshold(await body(request));
      if ('problem' in read) return badRequest(read.problem);
      const userProductId = String(params.id);
      if (read.threshold === null) own.delete(userProductId);
      else own.set(userProductId, read.threshold);
      return HttpResponse.json({ userProductId, threshold: read.threshold });
    }),
  ];

  function seen(userProductId: string, total: number): { lowStock: true; total: number; threshold: number } | undefined {
    const threshold = effectiveThreshold(own.get(userProductId), accountDefault);
    const step = lowStockStep(low.has(userProductId), total, threshold);
    if (step.low) low.add(userProductId);
    else low.delete(userProductId);
    return step.alert && threshold !== null ? { lowStock: true, total, threshold } : undefined;
  }

  return { handlers, seen };
}

export type DemoLowStock = ReturnType<typeof createDemoLowStock>;
