import { describe, expect, it } from 'vitest';
import { findContactData } from './contactGuard.ts';
import labelled from './fixtures/contact-guard-labelled.json' with { type: 'json' };

const flagged = (text: string, site = 'MLA') => findContactData(text, site).length > 0;

describe('the contact-data guard', () => {
  it('underlines what the seller wrote, even where it was rewritten to be read', () => {
    const text = 'Hola! Mandame un wpp al once 4567 8901 o escribí a juan arroba gmail punto com';
    const found = findContactData(text, 'MLA').map(({ kind, start, end }) => ({ kind, text: text.slice(start, end) }));
    expect(found).toEqual([
      { kind: 'social', text: 'wpp' },
      { kind: 'phone', text: 'once 4567 8901' },
      { kind: 'email', text: 'juan arroba gmail punto com' },
    ]);
  });

  it('reads phone numbers by the site’s numbering plan', () => {
    expect(flagged('Llamame al 11 4567-8901', 'MLA')).toBe(true);
    expect(flagged('Liga: (21) 3456-7890', 'MLB')).toBe(true);
    // Eight digits with no area code are not an Argentine number: a part code.
    expect(flagged('El repuesto código 4567-8901 es compatible', 'MLA')).toBe(false);
  });

  it('leaves prices, sizes, dates, model numbers and measurements alone', () => {
    for (const text of ['Son 12 cuotas de $3.833,25', 'Llega el 15/12', 'Modelo SM-A356E', 'Mide 120 x 60 x 75 cm', 'Código 7791234567890'])
      expect(flagged(text), text).toBe(false);
  });

  it('catches at least 90% of the labelled contact data and flags at most 5% of the clean answers', () => {
    const contact = labelled.answers.filter((a) => a.contact);
    const clean = labelled.answers.filter((a) => !a.contact);
    const missed = contact.filter((a) => !flagged(a.text, a.site));
    const falseAlarms = clean.filter((a) => flagged(a.text, a.site));
    const caught = 1 - missed.length / contact.length;
    const alarms = falseAlarms.length / clean.length;
    console.info(
      `contact-data guard on ${labelled.answers.length} labelled answers: caught ${(caught * 100).toFixed(1)}% of ${contact.length} with contact data, flagged ${(alarms * 100).toFixed(1)}% of ${clean.length} clean` +
        (missed.length ? `\n  missed: ${missed.map((a) => a.text).join(' | ')}` : '') +
        (falseAlarms.length ? `\n  false alarms: ${falseAlarms.map((a) => a.text).join(' | ')}` : ''),
    );
    expect(caught).toBeGreaterThanOrEqual(0.9);
    expect(alarms).toBeLessThanOrEqual(0.05);
  });
});
