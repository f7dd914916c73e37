import { expect, test } from '@playwright/test';
import { axeViolations, waitUntilLoaded } from '../pages/a11y.ts';
import { apiSignIn } from '../pages/app.ts';
import { signInToPractice } from '../pages/practice.ts';

test.describe('integrations', () => {
  test('an unknown Open Dental code is listed, mapped in one place, and its waiting row recorded; the screen is axe-clean', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Molar Mews ${stamp}`; // sorts after the demo practices: the header selects the first one for the other specs
    const sourceCode = `Z${stamp}`.toUpperCase().slice(0, 15);
    const enamelCode = `E${stamp}`.toUpperCase().slice(0, 15);

    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `MM-${stamp}`, time_zone: 'UTC', currency: 'USD' })).data as { id: number };
    await admin.post('/api/procedure-code/create', { code: enamelCode, name: `Sealant ${stamp}`, category: 'preventive' });
    // A sync batch as `npm run sync -- open-dental` sends it: one row with a code Enamel does not know.
    const report = (await admin.post('/api/integrations/open-dental/sync', {
      dental_practice_id: practice.id,
      rows: [{ dental_practice_id: practice.id, external_id: '7001', action: 'completed', source_code: sourceCode, source_description: 'Sealant per tooth', performed_at: '2026-05-04 10:00' }],
      cursor: { changed_at: '2026-05-04 10:00:00', change_id: '7001' },
    })).data as { unknown: number };
    expect(report.unknown).toBe(1);

    const { app } = await signInToPractice(page, practiceName);
    await app.open('integrations', 'Integrations');
    await expect(page.getByTestId('integration-cursor')).toContainText('2026-05-04 10:00:00');
    const row = page.getByTestId(`unknown-code-${sourceCode}`);
    await expect(row).toContainText('Sealant per tooth');
    await expect(page.getByTestId('sync-runs')).toContainText('Sync');
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId(`map-select-${sourceCode}`).click();
    await page.getByRole('option', { name: new RegExp(enamelCode) }).click();
    await page.getByTestId(`map-${sourceCode}`).click();
    await expect(page.getByText(`${sourceCode} mapped: 1 waiting row(s) recorded.`)).toBeVisible();
    await expect(page.getByTestId('unknown-codes')).toContainText('Every synced code is mapped.');
    await expect(page.getByTestId(`unknown-code-${sourceCode}`)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
