import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import Papa from 'papaparse';

/**
 * The steps of /stock/bulk shared by the demo spec (stockBulk.spec.ts) and the live one (stockBulk-live.spec.ts):
 * what a seller does, by role and label. `timeout` is a job's: the live server's run within the rate budget.
 */
export class BulkStockPage {
  constructor(
    readonly page: Page,
    readonly timeout = 30_000,
  ) {}

  get job() {
    return this.page.getByRole('region', { name: 'Job', exact: true });
  }

  get outcomes() {
    return this.job.getByRole('list', { name: 'Rows per outcome' });
  }

  get rows() {
    return this.job.getByRole('table', { name: 'Rows to change or refused' });
  }

  /** Exports the account's stock and answers the downloaded CSV's rows (header first). */
  async exportCsv(): Promise<string[][]> {
    await this.page.getByRole('button', { name: 'Export stock' }).click();
    await expect(this.job).toContainText('Finished', { timeout: this.timeout });
    const download = this.page.waitForEvent('download');
    await this.job.getByRole('button', { name: 'Download CSV' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  }

  async importCsv(csv: string): Promise<void> {
    await this.page
      .getByLabel('File to import (CSV or XLSX, at most 5 MB)')
      .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await this.page.getByRole('button', { name: 'Upload and check' }).click();
  }

  /**
   * Export, add 5 to three selling addresses' new quantity, import: the dry run shows the three (before → after),
   * apply: three applied. Answers the three rows as exported, with the column index of a header.
   */
  async editThreeAndApply(): Promise<{ edited: string[][]; at: (name: string) => number }> {
    const [header, ...rows] = await this.exportCsv();
    const at = (name: string) => header!.indexOf(name);
    const edited = rows.filter((row) => row[at('Location type')] === 'selling_address').slice(0, 3);
    expect(edited).toHaveLength(3);
    const exported = edited.map((row) => [...row]);
    for (const row of edited) row[at('New quantity')] = String(Number(row[at('New quantity')]) + 5);
    await this.importCsv(Papa.unparse([header!, ...rows]));

    await expect(this.job).toContainText('Checked: ready to apply', { timeout: this.timeout });
    await expect(this.outcomes).toContainText('Will change: 3');
    for (const row of exported) {
      const before = Number(row[at('Quantity at export')]);
      await expect(this.rows.getByRole('row').filter({ hasText: row[at('User product ID')]! })).toContainText(`${before} → ${before + 5}`);
    }
    await this.job.getByRole('button', { name: 'Apply' }).click();
    await expect(this.job).toContainText('Finished', { timeout: this.timeout });
    await expect(this.outcomes).toContainText('Applied: 3');
    return { edited: exported, at };
  }

  /** A file without the required columns is refused whole; one with bad rows shows each row's reason. */
  async importInvalidFiles(): Promise<void> {
    await this.importCsv('Title\nSomething\n');
    await expect(this.page.getByRole('region', { name: 'Import' }).getByRole('alert')).toContainText('The file lacks a required column');

    const [header, ...rows] = await this.exportCsv();
    const at = (name: string) => header!.indexOf(name);
    const selling = rows.find((row) => row[at('Location type')] === 'selling_address')!;
    await this.importCsv(
      [
        'User product ID,Location type,Quantity at export,New quantity',
        `${selling[at('User product ID')]},selling_address,1,abc`,
        'MLAU9999999,selling_address,1,2',
        ',,1,2',
      ].join('\n'),
    );
    const row = (line: number) => this.rows.getByRole('row').filter({ hasText: new RegExp(`^${line}`) });
    await expect(row(2)).toContainText('the new quantity is not a whole number from 0 up', { timeout: this.timeout });
    await expect(row(3)).toContainText('not a user product of this account');
    await expect(row(4)).toContainText('neither a user product id nor an SKU');
  }
}
