import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';

/** Page object for the sign-in screen and the authenticated shell. */
export class AppPages {
  constructor(readonly page: Page) {}

  async gotoLogin(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  async signIn(email = ADMIN.email, password = ADMIN.password): Promise<void> {
    await this.gotoLogin();
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async signInAndWaitForDashboard(email = ADMIN.email, password = ADMIN.password): Promise<void> {
    await this.signIn(email, password);
    await expect(this.page).toHaveURL(/\/admin\/dashboard$/);
    await expect(this.page.getByTestId('app-header')).toBeVisible();
  }

  async openUserMenu(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
  }

  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  async chooseLanguage(locale: string): Promise<void> {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByTestId(`language-option-${locale}`).click();
  }

  /** Picks a practice in the header by its code (`DEMO-CITY`), and waits until it is the one shown. */
  async choosePractice(code: string): Promise<void> {
    const selector = this.page.getByTestId('app-header').getByTestId('practice-selector');
    await selector.click();
    await this.page.getByRole('option', { name: `(${code})` }).click();
    await expect(selector).toHaveValue(new RegExp(`\\(${code}\\)`));
  }

  /** Signs in as the admin and works in the practice of this code. */
  async signInAtPractice(code: string): Promise<void> {
    await this.signInAndWaitForDashboard();
    await this.choosePractice(code);
  }

  /** Follows a sidebar link. */
  async navigate(key: string): Promise<void> {
    await this.page.getByTestId(`nav-${key}`).click();
  }

  /** Follows a sidebar link and waits for its screen, titled `title`. */
  async open(key: string, title: string): Promise<void> {
    await this.navigate(key);
    await expect(this.page.getByTestId('page-title')).toHaveText(title);
  }
}

/**
 * Types a date (`YYYY-MM-DD`, or `YYYY-MM-DD HH:mm`) into a date field as a person does: click it (its calendar
 * opens), select what it holds, type key by key, then Enter, which takes the date and closes the calendar.
 */
export async function typeDate(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await field.press('Enter');
  await expect(field).toHaveValue(text);
}

/** An API session for setting up data: CSRF cookie, sign-in, then writes echo the token. */
export async function apiSignIn(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  await request.get('/api/csrf-cookie');
  const token = async () => {
    const state = await request.storageState();
    return decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  };
  const login = await request.post('/login', { data: { email, password, remember: false }, headers: { 'X-XSRF-TOKEN': await token() } });
  expect(login.status(), await login.text()).toBe(200);
  return {
    async post(url: string, data: unknown) {
      const res = await request.post(url, { data, headers: { 'X-XSRF-TOKEN': await token(), 'X-Requested-With': 'XMLHttpRequest' } });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    },
    async get(url: string) {
      const res = await request.get(url);
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    },
  };
}
