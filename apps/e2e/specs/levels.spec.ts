import { expect, test } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { axeViolations, seedDemo, waitUntilLoaded } from '../pages/a11y.ts';
import { signInToPractice } from '../pages/practice.ts';

interface Row { id: number; product_name: string; reorder_point: string; par_level: string; suggested_reorder_point: string | null; suggested_order_up_to: string | null }

/**
 * Reorder levels from the forecast: the demo practices are forecast when seeded, so their inventories carry suggested
 * levels. The inventory detail shows typed, suggested and in-use levels with the figures (no axe violation), and
 * "Apply suggestion" copies the suggested levels into the typed ones.
 */
test.describe('reorder levels', () => {
  test('the levels panel passes axe, and applying a suggestion changes the typed levels', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { practiceId } = await seedDemo(request);
    const admin = await apiSignIn(request);
    const practice = ((await admin.get('/api/admin/list/dental-practices?pagesize=100')) as { data: Array<{ id: number; name: string }> }).data.find((p) => p.id === practiceId)!;
    const filters = encodeURIComponent(JSON.stringify([{ field: 'suggested_reorder_point', condition: 'is_not_null', value: '' }, { field: 'policy_mode', condition: 'equal', value: 'manual' }]));
    const rows = ((await admin.get(`/api/admin/list/inventories?dental_practice_id=${practiceId}&pagesize=100&column_filters=${filters}`)) as { data: Row[] }).data;
    const row = rows.find((r) => Number(r.reorder_point) !== Number(r.suggested_reorder_point));
    expect(row, 'a demo inventory whose suggestion differs from its typed levels').toBeDefined();

    await signInToPractice(page, practice.name);
    await page.goto(`/admin/inventories/${row!.id}`);
    await waitUntilLoaded(page);
    const panel = page.getByTestId('levels-panel');
    await expect(panel.getByTestId('levels-figures')).toBeVisible();
    await expect(panel.getByTestId('levels-reorder-point').getByTestId('levels-suggested')).not.toHaveText('—');
    expect(await axeViolations(page)).toEqual([]);

    const suggested = await panel.getByTestId('levels-reorder-point').getByTestId('levels-suggested').textContent();
    const suggestedUpTo = await panel.getByTestId('levels-order-up-to').getByTestId('levels-suggested').textContent();
    await panel.getByTestId('levels-apply').click();
    await expect(panel.getByTestId('levels-reorder-point').getByTestId('levels-typed')).toHaveText(suggested!);
    await expect(panel.getByTestId('levels-order-up-to').getByTestId('levels-typed')).toHaveText(suggestedUpTo!);
    await expect(panel.getByTestId('levels-apply')).toBeVisible();

    // Forecast mode: the switch saves at once and the list shows the mode.
    await panel.getByTestId('levels-mode').getByText('Forecast').click();
    await expect(page.getByText('Forecast: the forecast\'s levels apply, typed values as a floor')).toBeVisible();
    const after = ((await admin.get(`/api/inventory/${row!.id}`)) as { data: Row & { policy_mode: string } }).data;
    expect(after).toMatchObject({ policy_mode: 'forecast', reorder_point: row!.suggested_reorder_point, par_level: row!.suggested_order_up_to });
  });
});
