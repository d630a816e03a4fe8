import { http, HttpResponse, type HttpHandler } from 'msw';
import { readTemplateFields, templatesPerAccount, type TemplateFields } from '../../core/answerTemplates.ts';
import { guardOverrideHeader, refuseContactData } from '../../core/contactGuard.ts';
import { currentTime, type Db } from './db';
import { demoSeller, otherSeller } from './db/core';
import type { SavedScenario } from './scenario';

interface DemoTemplate extends TemplateFields {
  id: string;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}

/** Per seller account id, oldest first. */
type Kept = Record<string, DemoTemplate[]>;

/** What a template change leaves in the audit trail (src/demo/door.ts keeps it), as the server records it. */
type RecordTemplateChange = (
  action: string,
  target: { type: string; id: string },
  details: Record<string, string | number | boolean>,
) => void;

/** A few templates a team would have: the demo seller's in Spanish (MLA), the other's in Portuguese (MLB). */
function seeded(db: Db, by: DemoTemplate['changedBy']): Kept {
  const changedAt = new Date(currentTime(db) - 3 * 86_400_000).toISOString();
  const of = (prefix: string, list: TemplateFields[]) =>
    list.map((fields, i) => ({ id: `${prefix}-${i + 1}`, ...fields, changedBy: by, changedAt }));
  return {
    [String(demoSeller.id)]: of('seed-es', [
      { name: 'Hay stock', text: '¡Hola! Sí, tenemos stock disponible. Podés ofertar y la compra se confirma al instante.' },
      { name: 'Envíos', text: 'Hacemos envíos a todo el país con Mercado Envíos; el costo lo ves al ingresar tu código postal.' },
      { name: 'Factura', text: 'Sí, emitimos factura A y B. Después de la compra nos pasás los datos por la mensajería de la venta.' },
    ]),
    [String(otherSeller.id)]: of('seed-pt', [
      { name: 'Em estoque', text: 'Olá! Sim, temos em estoque. Pode comprar que enviamos no mesmo dia útil.' },
      { name: 'Frete', text: 'Enviamos para todo o Brasil; o valor do frete aparece ao informar o seu CEP no anúncio.' },
    ]),
  };
}

function restore(raw: string | null): Kept | null {
  try {
    const kept = JSON.parse(raw ?? 'null') as Kept | null;
    return kept && typeof kept === 'object' && Object.values(kept).every(Array.isArray) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * The server's `/account/templates` paths in demo mode (server/src/answerTemplates.ts): the rules are
 * core/answerTemplates.ts's and the contact-data guard's, the door (src/demo/door.ts) has checked the role; the
 * templates are kept for the tab, as the team is, so they outlive a reload.
 */
export function templateHandlers(
  db: Db,
  { person, record, kept }: { person: { id: string; name: string }; record: RecordTemplateChange; kept?: SavedScenario },
): HttpHandler[] {
  const templates: Kept = restore(kept?.read() ?? null) ?? seeded(db, person);
  const save = () => kept?.write(JSON.stringify(templates));
  const listOf = (request: Request) => {
    const account = request.headers.get('x-seller-account') ?? String(db.seller.id);
    return (templates[account] ??= []);
  };
  const siteOf = (request: Request) =>
    db.sellers.find((seller) => String(seller.id) === request.headers.get('x-seller-account'))?.site_id ?? db.seller.site_id;
  const notFound = () => HttpResponse.json({ error: 'not_found', message: 'This account has no such template' }, { status: 404 });

  /** The body's fields past the guard, or the server's refusal. */
  const checked = async (request: Request) => {
    const fields = readTemplateFields(await request.json().catch(() => null));
    if ('problem' in fields) return HttpResponse.json({ error: 'bad_request', message: fields.problem }, { status: 400 });
    const flagged = refuseContactData(fields, siteOf(request), undefined);
    if (flagged && request.headers.get(guardOverrideHeader) !== '1') return HttpResponse.json(flagged, { status: 422 });
    return { fields, details: { name: fields.name, length: fields.text.length, ...(flagged && { guardOverride: true }) } };
  };
  const stamp = () => ({ changedBy: person, changedAt: new Date(currentTime(db)).toISOString() });

  return [
    http.get('*/account/templates', ({ request }) => HttpResponse.json({ templates: listOf(request) })),
    http.post('*/account/templates', async ({ request }) => {
      const read = await checked(request);
      if (read instanceof Response) return read;
      const list = listOf(request);
      if (list.length >= templatesPerAccount)
        return HttpResponse.json(
          { error: 'too_many', message: `An account keeps at most ${templatesPerAccount} templates` },
          { status: 409 },
        );
      const template = { id: crypto.randomUUID(), ...read.fields, ...stamp() };
      list.push(template);
      save();
      record('template.create', { type: 'template', id: template.id }, read.details);
      return HttpResponse.json(template, { status: 201 });
    }),
    http.put('*/account/templates/:id', async ({ request, params }) => {
      const read = await checked(request);
      if (read instanceof Response) return read;
      const template = listOf(request).find((entry) => entry.id === params.id);
      if (!template) return notFound();
      Object.assign(template, read.fields, stamp());
      save();
      record('template.update', { type: 'template', id: template.id }, read.details);
      return HttpResponse.json(template);
    }),
    http.delete('*/account/templates/:id', ({ request, params }) => {
      const list = listOf(request);
      const index = list.findIndex((entry) => entry.id === params.id);
      if (index < 0) return notFound();
      const [gone] = list.splice(index, 1);
      save();
      record('template.delete', { type: 'template', id: gone!.id }, { name: gone!.name });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
