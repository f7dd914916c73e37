import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { axeViolations, waitUntilLoaded } from '../pages/a11y.ts';
import { apiSignIn } from '../pages/app.ts';
import { signInToPractice } from '../pages/practice.ts';

/**
 * Webhooks (docs/webhooks.md): add one pointing at a receiver this spec starts on 127.0.0.1 (allowed by the e2e
 * server's WEBHOOK_ALLOW_HOSTS), record a procedure, see the signed delivery arrive and in the log, redeliver it.
 */
test.describe('webhooks', () => {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let server: http.Server;
  let receiverUrl = '';
  test.beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/enamel`;
  });
  test.afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  test('add a webhook, see its secret once, record a procedure, see the signed delivery and redeliver it; axe-clean', async ({ page, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const practiceName = `Lingual Hooks ${stamp}`; // sorts after the demo practices
    const admin = await apiSignIn(request);
    type Row = { id: number };
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `WH-${stamp}`, time_zone: 'UTC', currency: 'USD' })).data as Row;
    const product = (await admin.post('/api/product/create', { name: `Sealant ${stamp}`, sku: `SEAL-${stamp}`.toUpperCase(), usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: false })).data as Row;
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '20' });
    const code = (await admin.post('/api/procedure-code/create', { code: `W${stamp}`.slice(0, 16).toUpperCase(), name: 'Sealant', category: 'preventive' })).data as Row;

    const { app } = await signInToPractice(page, practiceName);
    await app.open('webhooks', 'Webhooks');
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-name').fill('Practice system');
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-event-procedure.completed').check();
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('webhook-submit').click();
    await expect(page.getByTestId('webhook-secret')).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-done').click();
    await expect(page.getByTestId('webhooks-table')).toContainText('Practice system');
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);

    // An event: a procedure recorded (completed) through the API.
    await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: new Date().toISOString(), status: 'completed', items: [{ product_id: product.id, quantity: '1' }] });
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const first = received[0]!;
    const signature = String(first.headers['enamel-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(crypto.createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'procedure.completed', practice: { id: practice.id } });

    // The delivery log: delivered, 200; redeliver it.
    await page.getByTestId('webhooks-table').getByTestId('row-actions').first().click();
    await page.getByRole('menuitem', { name: 'Deliveries' }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
    const table = page.getByTestId('webhook-deliveries-table');
    await expect(table.getByTestId('webhook-delivery-status')).toHaveText('Delivered');
    await expect(table).toContainText('Procedure completed');
    await waitUntilLoaded(page);
    expect(await axeViolations(page)).toEqual([]);
    await table.getByTestId('row-actions').first().click();
    await page.getByRole('menuitem', { name: 'Redeliver' }).click();
    await expect(page.getByText('The delivery will be sent again in a moment.')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers['enamel-event-id']).toBe(first.headers['enamel-event-id']);
    // Sent again: the log shows the second attempt, delivered (a reload reads it).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('webhook-deliveries-table').getByTestId('webhook-delivery-status')).toHaveText('Delivered');
      await expect(page.getByTestId('webhook-deliveries-table')).toContainText('200');
    }).toPass({ timeout: 30_000 });
  });

  test('an organisation webhook, chosen in the form, is listed with its scope and gets another practice’s events; axe-clean', async ({ page, request }) => {
    test.setTimeout(120_000);
    const got: Array<{ practice: { id: number }; type: string }> = [];
    const orgServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => orgServer.listen(0, '127.0.0.1', resolve));
    const admin = await apiSignIn(request);
    let made: number | null = null;
    try {
      const stamp = Date.now().toString(36);
      type Row = { id: number };
      const here = `Lingual Org Hooks ${stamp}`; // sorts after the demo practices
      await admin.post('/api/dental-practice/create', { name: here, code: `WO-${stamp}`, time_zone: 'UTC', currency: 'USD' });
      const other = (await admin.post('/api/dental-practice/create', { name: `Lingual Org Other ${stamp}`, code: `WX-${stamp}`, time_zone: 'UTC', currency: 'USD' })).data as Row;
      const product = (await admin.post('/api/product/create', { name: `Varnish ${stamp}`, sku: `VARN-${stamp}`.toUpperCase(), usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: false })).data as Row;
      await admin.post('/api/inventory/receive', { dental_practice_id: other.id, product_id: product.id, quantity: '20' });
      const code = (await admin.post('/api/procedure-code/create', { code: `O${stamp}`.slice(0, 16).toUpperCase(), name: 'Varnish', category: 'preventive' })).data as Row;

      const { app } = await signInToPractice(page, here);
      await app.open('webhooks', 'Webhooks');
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-scope').getByText('All practices (organisation)').click();
      await page.getByTestId('webhook-name').fill(`Whole organisation ${stamp}`);
      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${(orgServer.address() as AddressInfo).port}/org`);
      await page.getByTestId('webhook-event-procedure.completed').check();
      await waitUntilLoaded(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('webhook-submit').click();
      await expect(page.getByTestId('webhook-secret')).toBeVisible();
      await page.getByTestId('webhook-secret-done').click();
      const table = page.getByTestId('webhooks-table');
      await expect(table).toContainText(`Whole organisation ${stamp}`);
      await expect(table.getByTestId('webhook-scope-organisation').first()).toHaveText('All practices (organisation)');
      const list = (await admin.get(`/api/admin/list/webhooks?search=${encodeURIComponent(`Whole organisation ${stamp}`)}`)) as unknown as { data: Array<{ id: number; scope: string }> };
      made = list.data[0]!.id;
      expect(list.data[0]!.scope).toBe('organisation');

      // A procedure in the other practice reaches it, naming that practice.
      await admin.post('/api/procedure/create', { dental_practice_id: other.id, procedure_code_id: code.id, performed_at: new Date().toISOString(), status: 'completed', items: [{ product_id: product.id, quantity: '1' }] });
      await expect.poll(() => got.filter((e) => e.practice.id === other.id).length, { timeout: 20_000 }).toBe(1);
      expect(got.find((e) => e.practice.id === other.id)!.type).toBe('procedure.completed');
    } finally {
      // Off again: other specs' events are no concern of it.
      if (made !== null) await admin.post(`/api/webhook/deactivate/${made}`, {});
      await new Promise<void>((resolve) => orgServer.close(() => resolve()));
    }
  });
});
