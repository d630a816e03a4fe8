import { deviceStorage, readLocal } from './store';

/**
 * Unsent answer drafts, kept on this device per seller account (`activeAccount`) and question: a reload, a
 * failed send, a 401 or leaving the page loses nothing, and one seller's drafts never show under another.
 */
type Drafts = Partial<Record<number, string>>;

const keyOf = (account: string) => `seller-desk.drafts.${account}`;

export function readDraft(account: string, questionId: number): string {
  return readLocal<Drafts>(keyOf(account), {})[questionId] ?? '';
}

export function writeDraft(account: string, questionId: number, text: string): void {
  const drafts = readLocal<Drafts>(keyOf(account), {});
  if (text) drafts[questionId] = text;
  else delete drafts[questionId];
  if (Object.keys(drafts).length > 0) deviceStorage.set(keyOf(account), JSON.stringify(drafts));
  else deviceStorage.remove(keyOf(account));
}

/** How many unsent drafts these accounts keep on this device. */
export function countDrafts(accounts: readonly string[]): number {
  return accounts.reduce((sum, account) => sum + Object.keys(readLocal<Drafts>(keyOf(account), {})).length, 0);
}

export function deleteDrafts(accounts: readonly string[]): void {
  accounts.forEach((account) => deviceStorage.remove(keyOf(account)));
}
