import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAnswerTemplates } from '../../api/answerTemplates';
import { demoSeller, otherSeller, server } from '../../test/demo';
import { carryOverDeviceTemplates } from './templates';

const shop = String(demoSeller.id);
const other = String(otherSeller.id);
const texts = async (account: string) => (await getAnswerTemplates(account)).map((template) => template.text);

/** The templates this device kept before they moved to the server, as the old list stored them. */
function onDevice(list: { name: string; text: string }[]) {
  localStorage.setItem('seller-desk.questions.templates', JSON.stringify(list.map((template, i) => ({ id: `d${i}`, ...template }))));
}

const stock = { name: 'Stock', text: 'Sí, hay stock: ofertá tranquilo.' };
const hours = { name: 'Horario', text: 'Atendemos de lunes a viernes de 9 a 18.' };

describe('carrying the device’s templates over to the account', () => {
  it('uploads them once per account: a second run, and a reload, add nothing', async () => {
    const seeded = await texts(shop);
    onDevice([stock, hours]);
    expect(await carryOverDeviceTemplates(shop)).toBe(true);
    expect(await texts(shop)).toEqual([...seeded, stock.text, hours.text]);
    expect(await carryOverDeviceTemplates(shop)).toBe(false);
    expect(await texts(shop)).toEqual([...seeded, stock.text, hours.text]);
  });

  it('carries them to each account once, leaving the one already carried alone', async () => {
    onDevice([stock]);
    await carryOverDeviceTemplates(shop);
    const shopTexts = await texts(shop);
    const otherSeeded = await texts(other);
    expect(await carryOverDeviceTemplates(other)).toBe(true);
    expect(await texts(other)).toEqual([...otherSeeded, stock.text]);
    expect(await texts(shop)).toEqual(shopTexts);
  });

  it('skips one whose text the account already has, and asked twice at once uploads once', async () => {
    const [first] = await getAnswerTemplates(shop);
    onDevice([{ name: 'Mine', text: ` ${first!.text} ` }, hours]);
    const seeded = await texts(shop);
    expect(await Promise.all([carryOverDeviceTemplates(shop), carryOverDeviceTemplates(shop)])).toEqual([true, true]);
    expect(await texts(shop)).toEqual([...seeded, hours.text]);
  });

  it('carries one with contact data past the guard; cut short, the next visit adds the rest without duplicates', async () => {
    const phone = { name: 'WhatsApp', text: 'Escribime al 11 4567-8901' };
    onDevice([phone, stock, hours]);
    const seeded = await texts(shop);
    let posts = 0;
    server.use(http.post('*/account/templates', () => (++posts === 2 ? HttpResponse.error() : undefined)));
    await expect(carryOverDeviceTemplates(shop)).rejects.toThrow();
    expect(await texts(shop)).toEqual([...seeded, phone.text]);
    expect(await carryOverDeviceTemplates(shop)).toBe(true);
    expect(await texts(shop)).toEqual([...seeded, phone.text, stock.text, hours.text]);
  });
});
