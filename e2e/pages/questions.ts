import { expect, type Page } from '@playwright/test';
import { urls } from '../../src/lib/urls';
import { demoBackend, openApp } from '../fixtures';

type Pick = { status?: string; vehicle?: boolean; banned?: boolean };

/** The question inbox as a seller sees it: the list, its filters and the open question. */
export class QuestionsPage {
  constructor(readonly page: Page) {}

  async open(url = urls.questions.index()) {
    await this.goto(url);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  }

  /** Loads a page and waits for the demo backend. */
  async goto(path: string) {
    await openApp(this.page, path);
  }

  async reload() {
    await this.page.reload();
    await demoBackend(this.page);
  }

  /** Opens a question by its link and waits until it is shown. */
  async openQuestion(id: number) {
    await this.goto(urls.questions.detail(id));
    await expect(this.detail.getByRole('heading', { level: 2, name: `Question ${id}` })).toBeVisible();
    await expect(this.detail.getByRole('region', { name: 'Item' })).toBeVisible();
  }

  get list() {
    return this.page.getByRole('list', { name: 'Questions' });
  }

  get rows() {
    return this.list.getByRole('listitem');
  }

  row(text: string | RegExp) {
    return this.rows.filter({ hasText: text });
  }

  statusChip(name: RegExp) {
    return this.page.getByRole('group', { name: 'Status' }).getByRole('button', { name });
  }

  get detail() {
    return this.page.getByRole('region', { name: /^Question \d+$/ });
  }

  get composer() {
    return this.page.getByRole('textbox', { name: 'Your answer' });
  }

  get total() {
    return this.page.getByRole('status').filter({ hasText: /^\d[\d,]* questions?$/ });
  }

  /** The number of questions the list says it holds. */
  async count(): Promise<number> {
    await expect(this.total).toBeVisible();
    return Number((await this.total.textContent())!.replace(/\D/g, ''));
  }

  /** A question id from the demo db (the newest matching one), to open by link. */
  async questionId(pick: Pick): Promise<number> {
    const id = await this.page.evaluate((p) => {
      const db = window.__demo!.db;
      const matches = [...db.questions.byId.values()]
        .filter((q) => (p.status ? q.status === p.status : true))
        .filter((q) => (p.vehicle === undefined ? true : Boolean(db.items.get(q.item_id)?.vehicle) === p.vehicle))
        .sort((a, b) => b.date_created - a.date_created);
      return matches[0]?.id ?? null;
    }, pick);
    if (id === null) throw new Error(`no seeded question for ${JSON.stringify(pick)}`);
    return id;
  }

  async questionStatus(id: number): Promise<string | undefined> {
    return this.page.evaluate((questionId) => window.__demo!.db.questions.byId.get(questionId)?.status, id);
  }
}
