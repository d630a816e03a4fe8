/**
 * What a stock quantity typed by a seller may be: the edit form's rule, and the bulk import's for every row
 * of a spreadsheet, so both refuse the same text with the same reason.
 */

/**
 * The largest quantity the stock form accepts: the largest integer a JavaScript number holds exactly (the
 * spec gives no maximum; a larger one would be rounded before it is sent).
 */
export const maxStockQuantity = Number.MAX_SAFE_INTEGER;

export type QuantityProblem = 'required' | 'negative' | 'decimal' | 'notNumber' | 'tooLarge';

/** Parses what a seller typed into a quantity, or says why it is not one (nothing is sent then). */
export function parseQuantity(text: string): { quantity: number } | { problem: QuantityProblem } {
  const value = text.trim();
  if (value === '') return { problem: 'required' };
  if (/^-\s*\d+([.,]\d+)?$/.test(value)) return { problem: 'negative' };
  if (/^\d+[.,]\d+$/.test(value)) return { problem: 'decimal' };
  if (!/^\d+$/.test(value)) return { problem: 'notNumber' };
  const quantity = Number(value);
  if (quantity > maxStockQuantity) return { problem: 'tooLarge' };
  return { quantity };
}
