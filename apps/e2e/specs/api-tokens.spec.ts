import { expect, test } from '@playwright/test';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { axeViolations, waitUntilLoaded } from '../pages/a11y.ts';

test.describe('API tokens', () => {
  test('create a token, see its secret once, call the API with it, revoke it: the same call is then refused', async ({ page, request, playwright }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Molar Tokens ${stamp}`; // sorts after the demo practices: the header selects the first one for the other specs
    const tokenName = `Open Dental sync ${stamp}`;
    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `MT-${stamp}`, time_zone: 'UTC', currency: 'USD' })) as { data: { id: number } };

    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await app.open('apiTokens', 'API tokens');
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);

    // Create: name, role, practice; the dialog is checked by axe too.
    await page.getByTestId('api-token-add').click();
    await expect(page.getByTestId('api-token-form')).toBeVisible();
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('api-token-name').fill(tokenName);
    await page.getByTestId('api-token-role').click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await page.getByTestId('api-token-practices').click();
    await page.getByRole('option', { name: practiceName }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('api-token-submit').click();

    // The secret, once, with the warning and a copy button.
    const secretBox = page.getByTestId('api-token-secret');
    await expect(secretBox).toHaveText(/^enm_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId('api-token-secret-warning')).toContainText('only time');
    await expect(page.getByTestId('api-token-copy')).toBeVisible();
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    const secret = (await secretBox.textContent())!.trim();
    await page.getByTestId('api-token-secret-done').click();
    await expect(page.getByTestId('api-token-secret-modal')).toHaveCount(0);
    const row = page.getByTestId('api-token-row').filter({ hasText: tokenName });
    await expect(row).toContainText('Viewer');
    await expect(row).toContainText(practiceName);
    await expect(row.getByTestId('api-token-status')).toHaveText('Active');
    // Never shown again: not on the screen once the dialog is closed.
    await expect(page.getByText(secret)).toHaveCount(0);

    // A machine's call: no cookie, no CSRF, just the token.
    const machine = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL! });
    const url = `/api/dental-practice/${practice.data.id}`;
    const headers = { Authorization: `Bearer ${secret}` };
    const allowed = await machine.get(url, { headers });
    expect(allowed.status(), await allowed.text()).toBe(200);
    expect(((await allowed.json()) as { data: { name: string } }).data.name).toBe(practiceName);

    // Revoke, confirmed; the same call is now a 401.
    await row.getByTestId('row-actions').click();
    await page.getByTestId('row-action-revoke').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(tokenName);
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByText('API token revoked.')).toBeVisible();
    await expect(row.getByTestId('api-token-status')).toHaveText('Revoked');
    const refused = await machine.get(url, { headers });
    expect(refused.status()).toBe(401);
    await machine.dispose();
  });
});
