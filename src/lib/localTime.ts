/*
 * The credit API's timestamps carry no offset; Seller Desk reads and writes them as the seller's wall
 * clock (what the browser shows), so a day picked in the form is that whole local day.
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a local day. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DDTHH:MM:SS of a local moment. */
export function localTimestamp(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The local day `days` days before `date`. */
export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - days, date.getHours(), date.getMinutes(), date.getSeconds());
}
