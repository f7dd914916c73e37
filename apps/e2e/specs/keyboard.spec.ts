import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { apiSignIn } from '../pages/app.ts';

/**
 * Everything without a mouse: sign in, skip to the content, follow the sidebar, sort a list, open a
 * row's menu, open a dialog (focus trapped, returned on close), fill and send a form, change the
 * language; whatever has focus shows it.
 */

/** Presses Tab (or Shift+Tab) until `target` has focus; fails when it is not reachable in `max` steps. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // The locator is resolved again at every step: a list that re-renders (a sort's new page) replaces its rows.
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reachable by keyboard in ${max} steps: ${target.toString()}`);
}

/** The focused element draws a visible focus indicator (an outline or a ring). */
async function expectFocusVisible(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { focusVisible: el.matches(':focus-visible'), outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, ring: s.boxShadow !== 'none' };
  });
  expect(style.focusVisible).toBe(true);
  expect(style.outline || style.ring, 'focus indicator').toBe(true);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test('sign in, navigate, sort, use menus, dialogs and forms with the keyboard only', async ({ page, request }) => {
  // A list with rows to work on.
  const admin = await apiSignIn(request);
  for (const name of ['Alpha', 'Beta']) await admin.post('/api/brand/create', { name: `${name} ${Date.now().toString(36)}` });

  await page.goto('/login');
  const email = page.getByTestId('login-email');
  await tabTo(page, email);
  await page.keyboard.type(ADMIN.email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(ADMIN.password);
  await tabTo(page, page.getByTestId('login-submit'));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The first Tab reaches the skip link, which is shown and moves focus to the content (once the
  // dashboard has settled: a screen still mounting would take the focus away again).
  await expect(page.locator('#main-content')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The sidebar: a link reached by Shift+Tab from the content, followed with Enter.
  await tabTo(page, page.getByTestId('nav-brands'), { back: true });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/list\/brands/);
  await expect(page.getByTestId('data-table-row').first()).toBeVisible();

  // A list: the sort button of a column, Enter sorts (aria-sort says how).
  const sortName = page.getByTestId('data-table-sort-name');
  await tabTo(page, sortName);
  await expectFocusVisible(page);
  const before = await page.locator('th[data-field="name"]').getAttribute('aria-sort');
  await page.keyboard.press('Enter');
  await expect(page.locator('th[data-field="name"]')).not.toHaveAttribute('aria-sort', before ?? 'none');

  // A row's menu: Enter opens it, arrows move through the items, Escape closes it and gives focus back.
  const rowMenu = page.getByTestId('row-actions').first();
  await tabTo(page, rowMenu, { max: 150 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(menu.locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(rowMenu).toBeFocused();

  // A dialog: focus moves in, Tab stays inside, Escape closes it and focus returns to the opener.
  const add = page.getByTestId('brand-add');
  await tabTo(page, add, { back: true, max: 150 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('brand-name')).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus left the dialog after ${i + 1} Tab(s): ${await focused(page)}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // A form: filled and sent with the keyboard (Enter in a field submits).
  const name = `Keyboard Brand ${Date.now().toString(36)}`;
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('brand-name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.getByTestId('data-table-search').fill(name);
  await expect(page.getByTestId('data-table-row').filter({ hasText: name })).toHaveCount(1);

  // The language menu: opened and used from the keyboard.
  const language = page.getByTestId('language-switch');
  await tabTo(page, language, { back: true, max: 150 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const spanish = page.getByTestId('language-option-es');
  for (let i = 0; i < 8 && !(await spanish.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(spanish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(language).toBeFocused();
});
