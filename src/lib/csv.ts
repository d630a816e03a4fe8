import { neutraliseFormula } from '../../core/formulaCells.ts';

/**
 * CSV (RFC 4180) for exports: quotes fields holding commas, quotes or line breaks. Text cells come from the
 * API (titles, references), so one that would start a formula is neutralised (core/formulaCells.ts) and opens
 * as text; numbers stay numbers (a negative change is not a formula).
 */
export function toCsv<T>(
  rows: readonly T[],
  columns: readonly { header: string; value: (row: T) => string | number | boolean | null | undefined }[],
): string {
  const escape = (value: string | number | boolean | null | undefined) => {
    const text = typeof value === 'string' ? neutraliseFormula(value) : String(value ?? '');
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [columns.map((c) => escape(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => escape(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers `text` as a file download without a server round-trip. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
