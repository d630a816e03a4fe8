import { z } from 'zod/mini';
import type { TemplateFields } from '../../core/answerTemplates.ts';
import './zodLocale';
import { requestData, type RequestOptions } from './client';

/**
 * The answer templates a seller account's team shares, on Seller Desk's server (`/account/templates`,
 * docs/roles.md): every role that reads questions reads them, the roles that answer change them. A text the
 * contact-data guard flags is saved only with `guardOverride` (the server answers 422 `contact_data` otherwise).
 */
const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  changedBy: z.nullable(z.object({ id: z.string(), name: z.string() })),
  changedAt: z.string(),
});
export type AnswerTemplate = z.infer<typeof templateSchema>;

const listSchema = z.object({ templates: z.array(templateSchema) });

/**
 * A request for `account` (the header that names it, docs/roles.md): answered for that account whichever is
 * active by then; the active one's when the session names none.
 */
function accountRequest<S extends z.ZodMiniType>(account: string, path: string, options: Omit<RequestOptions<S>, 'server'>) {
  const headers = { ...options.headers, ...(account && { 'x-seller-account': account }) };
  return requestData(path, { ...options, headers, server: true });
}

/** The override header of the contact-data guard (core/contactGuard.ts; not imported, it would bring the phone library along). */
const overrideHeaders = (guardOverride: boolean) => (guardOverride ? { 'x-guard-override': '1' } : undefined);

export async function getAnswerTemplates(account: string, signal?: AbortSignal): Promise<AnswerTemplate[]> {
  return (await accountRequest(account, '/account/templates', { schema: listSchema, signal })).templates;
}

export function createAnswerTemplate(account: string, fields: TemplateFields, guardOverride = false): Promise<AnswerTemplate> {
  return accountRequest(account, '/account/templates', {
    method: 'POST',
    body: fields,
    headers: overrideHeaders(guardOverride),
    schema: templateSchema,
  });
}

export function updateAnswerTemplate(account: string, id: string, fields: TemplateFields, guardOverride = false): Promise<AnswerTemplate> {
  return accountRequest(account, `/account/templates/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: fields,
    headers: overrideHeaders(guardOverride),
    schema: templateSchema,
  });
}

export async function deleteAnswerTemplate(account: string, id: string): Promise<void> {
  await accountRequest(account, `/account/templates/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.undefined() });
}
