import { z } from 'zod/mini';
import './zodLocale';
import { requestData, type RequestOptions } from './client';
import { recordDrift } from './drift';

/**
 * A write through the one door. A 2xx means the server did it, whatever the body says: a body off the
 * schema is recorded as contract drift and the caller gets undefined (and reads again instead),
 * never an error whose Retry would write a second time. Apart from client.ts so that the first-paint
 * bundle, which makes no writes, does not carry it.
 */
export async function requestWrite<S extends z.ZodMiniType>(
  path: string,
  options: RequestOptions<S> & { method: 'POST' | 'PUT' | 'DELETE' },
): Promise<z.infer<S> | undefined> {
  const parsed = options.schema.safeParse(await requestData(path, { ...options, schema: z.unknown() }));
  if (parsed.success) return parsed.data;
  recordDrift(
    `${options.method} ${path}`,
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
  );
  return undefined;
}
