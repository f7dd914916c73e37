import { expect, test, type Page } from '@playwright/test';
import { seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

/**
 * No label is cut off in any language at 1280 px: status and action badges and the practice selector show
 * their whole text (the demo data's names, every language's words) on the main screens.
 */
const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'bn', 'zh-CN'] as const;
const SCREENS = ['/admin/dashboard', '/admin/list/inventories', '/admin/list/products', '/admin/list/procedures', '/admin/logs', '/admin/list/users', '/admin/list/dental-practices', '/admin/list/brands'];

seedDemoBeforeAll(180_000);

/** Elements whose text is wider than their box (a badge's label, the selector's input). */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const check = (el: Element, what: string, text: string) => {
      const box = el as HTMLElement;
      if (box.scrollWidth > box.clientWidth + 1) found.push(`${what} "${text}" (${box.scrollWidth} > ${box.clientWidth})`);
    };
    for (const el of document.querySelectorAll('.mantine-Badge-label')) check(el, 'badge', el.textContent ?? '');
    const selector = document.querySelector<HTMLInputElement>('[data-testid="practice-selector"]');
    if (selector) check(selector, 'practice selector', selector.value);
    return found;
  });
}

for (const locale of LOCALES) {
  test(`nothing is cut off at 1280 px in ${locale}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const page = await context.newPage();
    await new AppPages(page).signInAndWaitForDashboard();
    const problems: string[] = [];
    for (const url of SCREENS) {
      await page.goto(url);
      await waitUntilLoaded(page);
      problems.push(...(await cutOff(page)).map((p) => `${url}: ${p}`));
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}
