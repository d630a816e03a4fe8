/**
 * Formula cells in exports (CSV injection): a text cell starting with `=`, `+`, `-`, `@`, tab or carriage
 * return would run as a formula when a spreadsheet opens the file. Every export the app and the server write
 * gets a leading apostrophe on such text, and the stock import takes that apostrophe off again, so a cell
 * makes the round trip unchanged. Numbers are never touched (a negative figure is not a formula).
 */
const formulaStart = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet may safely open it: a would-be formula gets a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The text `neutraliseFormula` was given: strips the apostrophe it adds, and only that one. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}
