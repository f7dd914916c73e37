import { expect, test, type Route } from '@playwright/test';
import { ADMIN, E2E_DATA_DIR } from '../playwright.config.ts';
import { resetLinkFromOutbox } from '../outbox.ts';
import { AppPages, apiSignIn } from '../pages/app.ts';


test.describe('signing in and out', () => {
  test('/ goes to the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('a wrong password is refused with a message and the user stays on the sign-in screen', async ({ page }) => {
    const app = new AppPages(page);
    await app.signIn(ADMIN.email, 'not-the-password');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the first admin signs in, sees the shell with every admin route, and logs out', async ({ page }) => {
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await expect(page.getByText('Login successfully')).toBeVisible();
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Dashboard');
    for (const key of ['dashboard', 'procedures', 'inventories', 'dentalPractices', 'products', 'brands', 'categories', 'procedureCodes', 'procedureTemplates', 'import', 'reports', 'generateReport', 'users', 'roles', 'permissions', 'logs', 'archiveLogs', 'scheduler', 'setting', 'support']) {
      await expect(page.getByTestId(`nav-${key}`)).toBeVisible();
    }
    await expect(page.getByTestId('app-header').getByTestId('practice-selector')).toBeVisible();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await page.waitForTimeout(1600); // the success notice closes after 1500 ms

    await app.navigate('scheduler');
    await expect(page).toHaveURL(/\/admin\/scheduler$/);
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Scheduler');

    await page.goto('/admin/no-such-screen');
    await expect(page.getByTestId('not-found')).toBeVisible();

    await app.logout();
    // Logout clears local storage; only the signed-out auth state is written back.
    const left = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    expect(Object.keys(left)).toEqual(['enamel-auth']);
    expect(JSON.parse(left['enamel-auth']).state.authenticated).toBe(false);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('forgotten password', () => {
  test('a reset link from the outbox sets a new password, which then signs in', async ({ page, request }) => {
    const email = `reset-${Date.now()}@enamel.test`;
    const admin = await apiSignIn(request);
    const roles = (await admin.get('/api/roles')) as unknown as { data: { id: number; name: string }[] };
    const viewer = roles.data.find((r) => r.name === 'Viewer')!;
    await admin.post('/api/user/create', {
      firstname: 'Rita', lastname: 'Reset', email, password: 'Premolar-Bridge-77', password_confirmation: 'Premolar-Bridge-77',
      role_ids: [viewer.id], dental_practice_ids: [],
    });

    const since = Date.now() - 1000;
    await page.goto('/login');
    await page.getByTestId('login-forgot-link').click();
    await page.getByTestId('forgot-password-email').fill(email);
    await page.getByTestId('forgot-password-submit').click();
    await expect(page.getByText('We have emailed your password reset link! Please check your mail inbox.').first()).toBeVisible();

    const link = await resetLinkFromOutbox(E2E_DATA_DIR, email, since);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByTestId('reset-password-form')).toBeVisible();
    await expect(page.getByTestId('reset-password-email')).toHaveValue(email);
    await page.getByTestId('reset-password-password').fill('Gingiva-Floss-2026');
    await page.getByTestId('reset-password-confirmation').fill('Gingiva-Floss-2026');
    await page.getByTestId('reset-password-submit').click();
    await expect(page.getByText('Password successfully changed.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const app = new AppPages(page);
    await app.signInAndWaitForDashboard(email, 'Gingiva-Floss-2026');
  });
});

test.describe('expired sessions and stale pages', () => {
  test('a write after the session has ended answers 419 and the user is sent to sign in', async ({ page, context }) => {
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await page.goto('/admin/profile');
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.getByTestId('profile-name').fill('Someone Else');
    // Background reads (the bell polls) would meet the dead session first, answer 401 and sign the user out
    // before the write is sent; they are held until the write has its answer, so the write is judged first.
    const held: Route[] = [];
    await page.route('**/api/**', (route) => (route.request().method() === 'GET' ? void held.push(route) : route.continue()));
    // The session ends on the server side (expired, or signed out elsewhere) while the page stays open.
    await context.clearCookies({ name: 'enamel_session' });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() !== 'GET');
    await page.getByTestId('profile-submit').click();
    expect((await answer).status()).toBe(419);
    await page.unroute('**/api/**');
    // A held read the page has given up on meanwhile (the 419 re-checks the session and leaves the screen,
    // cancelling its queries) is already settled; only that answer is expected, every other error fails the test.
    await Promise.all(
      held.map((route) =>
        route.continue().catch((error: Error) => {
          if (!/already handled/i.test(error.message)) throw error;
        }),
      ),
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('a 401 on reload of a signed-out session sends the user to sign in', async ({ page, context }) => {
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await context.clearCookies({ name: 'enamel_session' });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('enamel-auth') ?? '{}'));
    expect(stored.state?.authenticated ?? false).toBe(false);
  });
});

test.describe('languages', () => {
  const titles: Record<string, string> = {
    bn: 'ড্যাশবোর্ড', es: 'Panel', fr: 'Tableau de bord', 'pt-BR': 'Painel', 'zh-CN': '仪表板', en: 'Dashboard',
  };
  test('the header switch changes the language to every locale, and the choice survives a reload', async ({ page, context }) => {
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    for (const [locale, title] of Object.entries(titles)) {
      await app.chooseLanguage(locale);
      await expect(page.getByTestId('breadcrumb-current')).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    await app.chooseLanguage('fr');
    await page.reload();
    await expect(page.getByTestId('breadcrumb-current')).toHaveText(titles.fr!);
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('fr');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await app.chooseLanguage('en');
  });
});
