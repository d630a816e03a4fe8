import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readTemplateFields, templatesPerAccount, type TemplateFields } from '../../core/answerTemplates.ts';
import { guardOverrideHeader, refuseContactData } from '../../core/contactGuard.ts';
import type { Config } from './config.ts';
import { isNavigation, type Door, type Served } from './door.ts';
import { sameOriginWrite } from './session.ts';
import type { AuditAction } from './store/audit.ts';
import type { Store } from './store/store.ts';

const notFound = { error: 'not_found', message: 'This account has no such template' };

/**
 * The answer templates a seller account's team shares (issue 51 §4, docs/roles.md): every role that reads
 * questions reads them (`GET /account/templates`), the roles that answer change them (`questions.write`, checked
 * by the door). A text is checked by the contact-data guard when saved, as an answer is when sent: a flagged one
 * is saved only with the override header, and its audit entry says so. Changes are in the audit trail by name
 * and length, never the text.
 */
export function registerAnswerTemplates(app: FastifyInstance, deps: { config: Config; store: Store; door: Door }) {
  const { config, store, door } = deps;
  const write = { preHandler: sameOriginWrite(config) };

  /** The body's fields, past the guard; else the reply is sent and undefined returned. */
  async function checked(request: FastifyRequest, reply: FastifyReply, served: Served) {
    const fields = readTemplateFields(request.body);
    if ('problem' in fields) {
      await reply.code(400).send({ error: 'bad_request', message: fields.problem });
      return undefined;
    }
    const flagged = refuseContactData(fields, served.account.siteId, undefined);
    if (flagged && request.headers[guardOverrideHeader] !== '1') {
      await reply.code(422).send(flagged);
      return undefined;
    }
    return { fields, guardOverride: flagged !== undefined };
  }

  const audit = (
    request: FastifyRequest,
    served: Served,
    action: AuditAction,
    id: string,
    details: Record<string, string | number | boolean>,
  ) =>
    store.audit.record({
      accountId: served.account.id,
      personId: served.session.person.id,
      action,
      target: { type: 'template', id },
      details,
      requestId: request.id,
      phase: 'event',
    });
  /** What the trail keeps of a saved template. */
  const saved = ({ fields, guardOverride }: { fields: TemplateFields; guardOverride: boolean }) => ({
    name: fields.name,
    length: fields.text.length,
    ...(guardOverride && { guardOverride }),
  });

  app.get('/account/templates', async (request, reply) => {
    if (isNavigation(request)) return reply.callNotFound();
    const { account } = door.served(request);
    return { templates: await store.answerTemplates.list(account.id) };
  });

  app.post('/account/templates', write, async (request, reply) => {
    const served = door.served(request);
    const read = await checked(request, reply, served);
    if (!read) return reply;
    if ((await store.answerTemplates.count(served.account.id)) >= templatesPerAccount)
      return reply.code(409).send({ error: 'too_many', message: `An account keeps at most ${templatesPerAccount} templates` });
    const template = await store.answerTemplates.create(served.account.id, read.fields, served.session.person.id);
    await audit(request, served, 'template.create', template.id, saved(read));
    return reply.code(201).send(template);
  });

  app.put<{ Params: { id: string } }>('/account/templates/:id', write, async (request, reply) => {
    const served = door.served(request);
    const read = await checked(request, reply, served);
    if (!read) return reply;
    const template = await store.answerTemplates.update(served.account.id, request.params.id, read.fields, served.session.person.id);
    if (!template) return reply.code(404).send(notFound);
    await audit(request, served, 'template.update', template.id, saved(read));
    return template;
  });

  app.delete<{ Params: { id: string } }>('/account/templates/:id', write, async (request, reply) => {
    const served = door.served(request);
    const name = await store.answerTemplates.remove(served.account.id, request.params.id);
    if (name === undefined) return reply.code(404).send(notFound);
    await audit(request, served, 'template.delete', request.params.id, { name });
    return reply.code(204).send();
  });
}
