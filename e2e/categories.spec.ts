import { expect, expectNoA11yViolations, failNext, test } from './fixtures';
import { CategoriesPage } from './pages/categories';
import { urls } from '../src/lib/urls';

test.use({ locale: 'en-US' });

test.describe('categories', () => {
  test("from the seller's site top level to a leaf by clicking; the breadcrumb follows the path and a reload keeps it", async ({
    page,
  }) => {
    const categories = new CategoriesPage(page);
    await categories.open();
    await expect(page.getByRole('combobox', { name: 'Site' })).toHaveText('Argentina (MLA)');
    await categories.openCategory('Computación');
    await expect(page.getByText('Not a leaf: choose a subcategory to publish an item.')).toBeVisible();
    await categories.openCategory('Componentes de PC');
    await categories.openCategory('Memorias RAM');
    await expect(page.getByText('Accepts listings: this is a leaf category')).toBeVisible();
    await expect(categories.breadcrumbs().getByRole('link')).toHaveText(['All categories (MLA)', 'Computación', 'Componentes de PC']);
    await expect(categories.breadcrumbs().locator('[aria-current="page"]')).toHaveText('Memorias RAM');
    await expect(page).toHaveURL(/\/categories\/MLA\/MLA1694$/);

    await page.reload();
    await expect(categories.heading()).toHaveText('Memorias RAM');
    await expect(categories.breadcrumbs().getByRole('link')).toHaveText(['All categories (MLA)', 'Computación', 'Componentes de PC']);

    await categories.breadcrumbs().getByRole('link', { name: 'Computación' }).click();
    await expect(categories.heading()).toHaveText('Computación');
  });

  test('another site shows its own top level', async ({ page }) => {
    const categories = new CategoriesPage(page);
    await categories.open();
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: 'Brasil (MLB)' }).click();
    await expect(page).toHaveURL(/site=MLB/);
    await categories.openCategory('Celulares e Telefones');
    await expect(categories.categoryLink('Celulares e Smartphones')).toBeVisible();
  });

  test('settings show the values the simulator holds for the category', async ({ page }) => {
    const categories = new CategoriesPage(page);
    for (const id of ['MLA1652', 'MLA1744']) {
      await categories.open(urls.categories.detail('MLA', id));
      const held = await page.evaluate((categoryId) => window.__demo!.db.categories.categories.get(categoryId)!.resource.settings, id);
      await expect(categories.settingRow('Maximum title length')).toHaveText(`Maximum title length${held.max_title_length} characters`);
      await expect(categories.settingRow('Maximum pictures per item')).toHaveText(`Maximum pictures per item${held.max_pictures_per_item}`);
    }
    // The vehicle category: classified buying, a minimum price in pesos, booleans and empty lists in words.
    await expect(categories.settingRow('Maximum title length')).toContainText('80 characters');
    await expect(categories.settingRow('Buying modes')).toHaveText('Buying modesClassified ad');
    await expect(categories.settingRow('Minimum price')).toContainText('500,000.00');
    await expect(categories.settingRow('Show contact information')).toHaveText('Show contact informationYes');
    await expect(categories.settingRow('Restrictions')).toHaveText('RestrictionsNone');
    await expect(categories.settingRow('Maximum price')).toHaveText('Maximum priceNone');
  });

  test('attribute search filters the table; group names and tags are shown', async ({ page }) => {
    const categories = new CategoriesPage(page);
    await categories.open(urls.categories.detail('MLA', 'MLA1744', { tab: 'attributes' }));
    const table = page.getByRole('table', { name: 'Attributes of Autos y Camionetas' });
    await expect(table.getByRole('row')).toHaveCount(10);
    await expect(table.getByRole('row', { name: /Tipo de vehículo/ })).toContainText('Fixed');
    await expect(table.getByRole('row', { name: /Tipo de vehículo/ })).toContainText('Características principales');
    await page.getByRole('searchbox', { name: 'Search attributes' }).fill('combustible');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Tipo de combustible');
    await expect(table.getByRole('row').nth(1)).toContainText('Nafta, Diésel, Híbrido');
    await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 9 attributes' })).toBeVisible();
    await expect(page).toHaveURL(/attr=combustible/);
    await page.getByRole('searchbox', { name: 'Search attributes' }).fill('zzz');
    await expect(page.getByText('No attribute matches "zzz".')).toBeVisible();
  });

  test('the predictor finds a known category from a title and opens it', async ({ page }) => {
    const categories = new CategoriesPage(page);
    await categories.open();
    await categories.predictor().getByRole('button', { name: 'Suggest categories' }).click();
    await expect(categories.predictor().getByText('Type a title first.')).toBeVisible();
    await categories.predict('Zapatillas running Nike negras talle 42');
    const suggestion = categories.predictor().getByRole('link', { name: /^Zapatillas/ });
    await expect(suggestion).toContainText('Marca: Nike');
    await expectNoA11yViolations(page);
    await suggestion.click();
    await expect(categories.heading()).toHaveText('Zapatillas');
    await expect(page).toHaveURL(/\/categories\/MLA\/MLA109027$/);
  });

  test('the price calculator shows fees per listing type in the site currency, and refuses bad input without a request', async ({
    page,
  }) => {
    const categories = new CategoriesPage(page);
    await categories.open(urls.categories.detail('MLA', 'MLA1055', { tab: 'fees' }));
    const priced = categories.countRequests('/sites/MLA/listing_prices');
    const price = page.getByRole('textbox', { name: 'Price (ARS)' });
    await price.fill('12,345.6');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect(page.getByText('Enter a number, e.g. 1500 or 1500.50.')).toBeVisible();
    expect(priced()).toBe(0);
    await price.fill('100000');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    const table = page.getByRole('table', { name: /Fees for a price of/ });
    await expect(table.getByRole('row', { name: /^Premium/ })).toContainText(/ARS\s16,500\.00/);
    await expect(table.getByRole('row', { name: /^Clásica/ })).toContainText(/ARS\s12,500\.00/);
    await expect(table.getByRole('row', { name: /^Clásica/ })).toContainText(/ARS\s87,500\.00/);
    // Below the site's threshold the fixed fee is added.
    await price.fill('10000');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect(table.getByRole('row', { name: /^Clásica/ })).toContainText(/ARS\s2,250\.00/);
    expect(priced()).toBe(2);
  });

  test('a 403 from item search is explained and the rest of the page keeps working', async ({ page }) => {
    test.slow(); // two categories' first loads, paging, three tabs and a breadcrumb: near 30 s on a slow machine
    const categories = new CategoriesPage(page);
    await categories.open(urls.categories.detail('MLA', 'MLA1055', { tab: 'items' }));
    await expect(page.getByRole('status').filter({ hasText: /items found/ })).toBeVisible();
    // The pages are one named navigation landmark, not one inside another.
    const itemPages = page.getByRole('navigation', { name: 'Item pages' });
    await expect(itemPages.getByRole('navigation')).toHaveCount(0);
    await itemPages.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/page=2/);

    await categories.open(urls.categories.detail('MLA', 'MLA1652'));
    await failNext(page, { method: 'GET', path: '^/sites/MLA/search', status: 403, error: 'forbidden', message: 'forbidden' });
    await categories.openTab('Items');
    await expect(page.getByText('Item search is not available for this account')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await categories.openTab('Settings');
    await expect(categories.settingRow('Maximum title length')).toContainText('65 characters');
    await categories.breadcrumbs().getByRole('link', { name: 'Computación' }).click();
    await expect(categories.heading()).toHaveText('Computación');
  });

  test('an unknown or malformed id shows not-found', async ({ page }) => {
    const categories = new CategoriesPage(page);
    await categories.open(urls.categories.detail('MLA', 'MLA999999'));
    await expect(categories.heading()).toHaveText('Category not found');
    await expect(page.getByText('There is no category MLA999999 on site MLA. The API answered: "Category not found" (404).')).toBeVisible();
    const requests = categories.countRequests('/categories/hello');
    await categories.open(urls.categories.detail('MLA', 'hello'));
    await expect(categories.heading()).toHaveText('Category not found');
    expect(requests()).toBe(0);
    await page.getByRole('link', { name: 'Back to the top-level categories' }).click();
    await expect(categories.heading()).toHaveText('Categories');
  });

  test('returning to a category already seen makes no new request; a resting pointer prefetches a child', async ({ page }) => {
    const categories = new CategoriesPage(page);
    const parent = categories.countRequests('/categories/MLA1648');
    const child = categories.countRequests('/categories/MLA1652');
    await categories.open();
    await categories.openCategory('Computación');
    const prefetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/categories/MLA1652');
    await categories.categoryLink('Notebooks').hover();
    await prefetched;
    await categories.categoryLink('Notebooks').click();
    await expect(categories.heading()).toHaveText('Notebooks');
    await categories.breadcrumbs().getByRole('link', { name: 'Computación' }).click();
    await expect(categories.heading()).toHaveText('Computación');
    await categories.breadcrumbs().getByRole('link', { name: 'All categories (MLA)' }).click();
    await categories.openCategory('Computación');
    await categories.openCategory('Notebooks');
    expect(parent()).toBe(1);
    expect(child()).toBe(1);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no axe violations on the top level, a leaf and its attributes (${scheme})`, async ({ page }) => {
      test.slow(); // three pages and three axe runs on a shared CI machine
      const categories = new CategoriesPage(page);
      await page.emulateMedia({ colorScheme: scheme });
      await categories.open();
      await expect(categories.categoryLink('Computación')).toBeVisible();
      await expectNoA11yViolations(page);
      await categories.open(urls.categories.detail('MLA', 'MLA1055'));
      await expect(categories.settingRow('Maximum title length')).toBeVisible();
      await expectNoA11yViolations(page);
      await categories.openTab('Attributes');
      await expect(page.getByRole('table', { name: /Attributes of/ })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('categories on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('nothing scrolls sideways at 360 px on a leaf, its attributes and the predictor', async ({ page }) => {
    const categories = new CategoriesPage(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    for (const path of [
      urls.categories.index({ q: 'celular samsung' }),
      urls.categories.detail('MLA', 'MLA1744'),
      urls.categories.detail('MLA', 'MLA1744', { tab: 'attributes' }),
      urls.categories.detail('MLA', 'MLA1744', { tab: 'packs' }),
    ]) {
      await categories.open(path);
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('categories in Spanish', () => {
  test.use({ locale: 'es-AR' });

  test('a leaf reads in Spanish, with amounts formatted for the locale', async ({ page }) => {
    const categories = new CategoriesPage(page);
    await categories.open(urls.categories.detail('MLA', 'MLA1744'));
    await expect(page.getByText('Acepta publicaciones: es una categoría hoja')).toBeVisible();
    await expect(categories.settingRow('Largo máximo del título')).toContainText('80 caracteres');
    await expect(categories.settingRow('Modos de compra')).toContainText('Clasificado');
    await page.getByRole('tab', { name: 'Costos de publicación' }).click();
    await page.getByRole('textbox', { name: 'Precio (ARS)' }).fill('1000000,50');
    await page.getByRole('button', { name: 'Calcular costos' }).click();
    await expect(page.getByRole('row', { name: /^Premium/ })).toContainText(/165\.000,08/);
  });
});
