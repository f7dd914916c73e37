import { expect, test } from '@playwright/test';
import { AppPages } from '../pages/app.ts';


test.describe('administration', () => {
  test('an admin creates a practice and a Clinical Staff user, who then sees only what the role allows', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Harbour Dental ${stamp}`;
    const email = `nurse-${stamp}@enamel.test`;
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();

    // A practice, through the dialog on the practices list.
    await app.open('dentalPractices', 'Dental Practices Management');
    await page.getByTestId('practice-add').click();
    await page.getByTestId('practice-name').fill(practiceName);
    await page.getByTestId('practice-code').fill(`HD-${stamp}`);
    await page.getByTestId('practice-email').fill('not-an-email');
    await page.getByTestId('practice-submit').click();
    // Bad input: the server's message under the field, nothing created.
    await expect(page.getByTestId('practice-email')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('practice-email').fill(`front-desk-${stamp}@harbour.test`);
    await page.getByTestId('practice-submit').click();
    await expect(page.getByText('Practice created.')).toBeVisible();
    await page.getByTestId('data-table-search').fill(stamp);
    await expect(page.getByTestId('data-table-row')).toHaveCount(1);
    await expect(page.getByTestId('data-table-row')).toContainText(practiceName);

    // The header selector offers the new practice.
    await page.getByTestId('app-header').getByTestId('practice-selector').click();
    await expect(page.getByRole('option', { name: practiceName })).toBeVisible();
    await page.keyboard.press('Escape');

    // A user with the Clinical Staff role in that practice.
    await app.navigate('users');
    await page.getByTestId('user-add').click();
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    await page.getByTestId('user-firstname').fill('Nadia');
    await page.getByTestId('user-lastname').fill('Nurse');
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-roles').click();
    await page.getByRole('option', { name: 'Clinical Staff' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-practices').click();
    await page.getByRole('option', { name: practiceName }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-password').fill('short');
    await page.getByTestId('user-password-confirmation').fill('short');
    await page.getByTestId('user-submit').click();
    await expect(page.getByTestId('user-password')).toHaveAttribute('data-invalid', 'true');
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    await page.getByTestId('user-password').fill('Amalgam-Crown-2026');
    await page.getByTestId('user-password-confirmation').fill('Amalgam-Crown-2026');
    await page.getByTestId('user-submit').click();
    await expect(page).toHaveURL(/\/admin\/list\/users/);
    await page.getByTestId('data-table-search').fill(email);
    await expect(page.getByTestId('data-table-row')).toHaveCount(1);
    await expect(page.getByTestId('data-table-row')).toContainText('Clinical Staff');
    await expect(page.getByTestId('data-table-row')).toContainText(practiceName);
    await page.getByTestId('data-table-search').fill('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByTestId('data-table-row')).not.toHaveCount(1);

    // The activity log shows what was just done.
    await app.navigate('logs');
    await expect(page.getByTestId('data-table-row').first()).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Activity Logs');
    // The newest entry is the user just created, by the admin.
    const newest = page.getByTestId('data-table-row').first();
    await expect(newest).toContainText('Created');
    await expect(newest).toContainText('User');
    await newest.dblclick();
    await expect(page.getByTestId('activity-log-changes')).toContainText(email);
    await page.keyboard.press('Escape');

    await app.logout();

    // Clinical Staff: procedures, inventory, catalog reading; no administration.
    await app.signInAndWaitForDashboard(email, 'Amalgam-Crown-2026');
    await expect(page.getByTestId('app-header').getByTestId('practice-selector')).toHaveValue(`${practiceName} (HD-${stamp})`);
    for (const allowed of ['procedures', 'inventories', 'products', 'brands']) await expect(page.getByTestId(`nav-${allowed}`)).toBeVisible();
    for (const hidden of ['users', 'roles', 'permissions', 'logs', 'scheduler', 'reports']) await expect(page.getByTestId(`nav-${hidden}`)).toHaveCount(0);
    await app.navigate('dentalPractices');
    await expect(page.getByTestId('data-table-row')).toHaveCount(1);
    await expect(page.getByTestId('practice-add')).toHaveCount(0);
    // Typing an admin address is refused by the server: the user is sent back, never shown the data.
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/list/users'));
    await page.goto('/admin/list/users');
    expect((await answer).status()).toBe(403);
    // A 403 goes to /login (docs/client-contract.md#auth-redirects), which sends a signed-in user on to the dashboard.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  });

  test('roles and permissions: a new permission in a new role, edited through the screens', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await app.navigate('permissions');
    await expect(page.getByTestId('data-table-row').first()).toBeVisible();
    await page.getByTestId('permission-add').click();
    await page.getByTestId('permission-name').fill(`export reports ${stamp}`);
    await page.getByTestId('permission-action').click();
    await page.getByRole('option', { name: 'Export' }).click();
    await page.getByTestId('permission-subject').click();
    await page.getByRole('option', { name: 'Reports' }).click();
    await page.getByTestId('permission-conditions').fill('{ not json');
    await page.getByTestId('permission-submit').click();
    await expect(page.getByText('Conditions must be a JSON object.')).toBeVisible();
    await page.getByTestId('permission-own-practices').click();
    await page.getByTestId('permission-submit').click();
    await expect(page).toHaveURL(/\/admin\/permissions$/);
    await page.getByTestId('data-table-search').fill(stamp);
    await expect(page.getByTestId('data-table-row')).toHaveCount(1);

    await app.navigate('roles');
    await expect(page.getByTestId('role-row')).toHaveCount(4);
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-name').fill(`Report exporter ${stamp}`);
    await page.getByText(`export reports ${stamp}`).click();
    await page.getByTestId('role-submit').click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByTestId('role-row')).toHaveCount(5);
    await page.getByTestId('role-row').filter({ hasText: `Report exporter ${stamp}` }).dblclick();
    await expect(page).toHaveURL(/\/admin\/roles\/edit\/\d+$/);
    await expect(page.getByLabel(`export reports ${stamp}`)).toBeChecked();
  });
});
