import { describe, expect, it } from 'vitest';
import { leadBuyer, mayCarryPersonalData, mayHoldContactFields, questionContact, stripPersonalData } from './personalData.ts';

const contact = { first_name: 'Ana', last_name: 'Gómez', phone: { area_code: '11', number: '45551234' }, email: 'ana@example.com' };
const vehicleQuestion = { id: 7, item_id: 'MLA1', text: '¿Tiene service?', from: { id: 90, answered_questions: 3, ...contact } };
const plainQuestion = { id: 8, item_id: 'MLA2', text: '¿Color?', from: { id: 91 } };
const buyer = { full_name: 'Bruno Díaz', email: 'bruno@example.com', phone: '+5491145550000' };
const lead = { id: 'b7c1', item_id: 'MLA3', status: 'approved', buyer: { id: 55, ...buyer } };

describe('stripPersonalData', () => {
  it("removes the askers' contact from a question search, keeping their id and answered count", () => {
    const search = { total: 2, limit: 50, questions: [vehicleQuestion, plainQuestion] };
    expect(stripPersonalData('GET', '/questions/search', search)).toEqual({
      total: 2,
      limit: 50,
      questions: [{ ...vehicleQuestion, from: { id: 90, answered_questions: 3 } }, plainQuestion],
    });
  });

  it("removes the asker's contact from a question's detail", () => {
    expect(stripPersonalData('GET', '/questions/7', vehicleQuestion)).toEqual({
      ...vehicleQuestion,
      from: { id: 90, answered_questions: 3 },
    });
  });

  it("removes a credit lead's buyer contact, keeping the buyer's id", () => {
    expect(stripPersonalData('GET', '/vis/loans/b7c1', lead)).toEqual({ ...lead, buyer: { id: 55 } });
    const search = { results: [lead], paging: { offset: 0, limit: 50, total: 1 } };
    expect(stripPersonalData('GET', '/vis/loans/search', search)).toEqual({ ...search, results: [{ ...lead, buyer: { id: 55 } }] });
  });

  it('leaves every other answer, and answers of an unexpected shape, as they are', () => {
    const stock = { locations: [{ type: 'selling_address', quantity: 3 }], email: 'not personal here' };
    expect(stripPersonalData('GET', '/user-products/U1/stock', stock)).toBe(stock);
    expect(stripPersonalData('POST', '/questions/7', vehicleQuestion)).toBe(vehicleQuestion);
    expect(stripPersonalData('GET', '/questions/search', { error: 'not_found' })).toEqual({ error: 'not_found' });
    expect(stripPersonalData('GET', '/questions/7', null)).toBeNull();
    expect(stripPersonalData('GET', '/vis/loans/b7c1', [lead])).toEqual([lead]);
  });

  it('does not change what it was given (the simulator strips copies of its own records)', () => {
    const record = structuredClone(vehicleQuestion);
    stripPersonalData('GET', '/questions/7', record);
    expect(record).toEqual(vehicleQuestion);
  });
});

describe('mayCarryPersonalData', () => {
  it('names the paths whose answers the door must parse to strip, and no other', () => {
    for (const path of ['/questions/search', '/questions/7', '/vis/loans/search', '/vis/loans/b7c1'])
      expect(mayCarryPersonalData(path)).toBe(true);
    for (const path of ['/answers', '/user-products/U1/stock', '/items/MLA1', '/questions/7/extra', '/users/1/questions/response_time'])
      expect(mayCarryPersonalData(path)).toBe(false);
  });
});

describe('mayHoldContactFields', () => {
  const fields = [...Object.keys(contact), ...Object.keys(buyer)];

  it('finds every contact field in the raw text, however its key is spelled', () => {
    expect(mayHoldContactFields(JSON.stringify({ questions: [vehicleQuestion] }))).toBe(true);
    expect(mayHoldContactFields(JSON.stringify(lead))).toBe(true);
    for (const field of fields) {
      expect(mayHoldContactFields(`{"questions":[{"from":{"id":1,\n  "${field}" : "x"}}]}`)).toBe(true);
      // Any one letter of the key escaped, in either case of hex: JSON.parse reads the field's name back.
      for (let at = 0; at < field.length; at++) {
        for (const hex of [
          field.charCodeAt(at).toString(16).padStart(4, '0'),
          field.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0'),
        ]) {
          const raw = `{"from":{"${field.slice(0, at)}\\u${hex}${field.slice(at + 1)}":"x"}}`;
          expect(Object.keys((JSON.parse(raw) as { from: object }).from)).toEqual([field]);
          expect(mayHoldContactFields(raw)).toBe(true);
        }
      }
    }
  });

  it('clears only a text that stripping would leave as it is', () => {
    const clear = [
      { questions: [plainQuestion], total: 1 },
      { questions: [{ ...plainQuestion, text: 'Mandame tu email o phone, ¿sí?' }] },
      { results: [{ ...lead, buyer: { id: 55 } }] },
    ];
    for (const body of clear) {
      const raw = JSON.stringify(body);
      expect(mayHoldContactFields(raw)).toBe(false);
      expect(stripPersonalData('GET', '/questions/search', JSON.parse(raw))).toEqual(body);
      expect(stripPersonalData('GET', '/vis/loans/search', JSON.parse(raw))).toEqual(body);
    }
    // Latin1 of UTF-8 bytes, as the door passes them: a character per byte, the verdict the same.
    const text = JSON.stringify({ questions: [{ ...plainQuestion, text: '¿Tenés talle 42? Córdoba' }] });
    expect(mayHoldContactFields(Buffer.from(text).toString('latin1'))).toBe(false);
    expect(mayHoldContactFields(Buffer.from(JSON.stringify({ from: { ...contact, text: 'ñandú' } })).toString('latin1'))).toBe(true);
  });
});

describe('reveal', () => {
  it('reads back exactly the contact fields a question or lead carries, or nothing when it carries none', () => {
    expect(questionContact(vehicleQuestion)).toEqual(contact);
    expect(questionContact({ ...vehicleQuestion, from: { id: 90, email: 'only@example.com' } })).toEqual({ email: 'only@example.com' });
    expect(questionContact(plainQuestion)).toBeUndefined();
    expect(leadBuyer(lead)).toEqual(buyer);
    expect(leadBuyer({ ...lead, buyer: { id: 55 } })).toBeUndefined();
    expect(leadBuyer({ id: 'x' })).toBeUndefined();
  });
});
