import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';

/**
 * GET /users/me: not in the spec; the real API returns at least these fields (and many more, which
 * the schema lets through unread).
 */
export const meSchema = z.object({
  id: z.int(),
  nickname: z.string(),
  site_id: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return requestData('/users/me', { schema: meSchema, signal });
}
