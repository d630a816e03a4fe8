import { z } from 'zod/mini';
import './zodLocale';
import { requestData } from './client';

/**
 * The account's audit trail (Seller Desk's server, docs/roles.md "The audit trail"): owners and managers read it,
 * newest first, a page at a time. Actions and phases are read as text: a newer server's kind of entry shows as it
 * came instead of failing the page.
 */
const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  person: z.nullable(z.object({ id: z.string(), name: z.string() })),
  action: z.string(),
  target: z.nullable(z.object({ type: z.string(), id: z.string() })),
  details: z.record(z.string(), z.unknown()),
  requestId: z.string(),
  phase: z.string(),
  status: z.nullable(z.union([z.number(), z.string()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.nullable(z.string()) });
export type AuditPage = z.infer<typeof auditPageSchema>;

export interface AuditSearch {
  person?: string;
  action?: string;
  /** Days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

/** GET /audit: entries older than `before` (the previous page's `next`), newest first. */
export function getAudit(search: AuditSearch, before: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  return requestData('/audit', { server: true, query: { ...search, before, limit: 50 }, schema: auditPageSchema, signal });
}
