import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLogs, practiceSettings } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/** The Setting screen's calls: each practice's forecasting and stock settings, defaults until saved. */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const filterById = (id: number) => `column_filters=${encodeURIComponent(JSON.stringify([{ field: 'id', condition: 'equal', value: id }]))}`;

describe('practice configuration', () => {
  it('lists a practice with its defaults, saves a change, logs it, and the list shows it', async () => {
    const practice = await createPractice(t.database.db);
    const listed = (await admin.get(`/api/admin/list/configuration?${filterById(practice.id)}`)).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: practice.id, dental_practice_name: practice.name, configured: false, forecast_horizon_weeks: 12, service_level: 0.95, lead_time_days: 7, review_period_days: 7, dead_stock_days: 90, expiry_warning_days: 30, allow_negative_stock: false, forecast_date: null, can_update: true }),
    ]);
    const saved = await admin.post(`/api/configuration/update/${practice.id}`, { forecast_horizon_weeks: 8, service_level: 0.98, forecast_date: day(-14) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ configured: true, forecast_horizon_weeks: 8, service_level: 0.98, forecast_date: day(-14), lead_time_days: 7 });
    const changed = await admin.request('PATCH', `/api/configuration/update/${practice.id}`, { json: { dead_stock_days: 120 } });
    expect(changed.json().data).toMatchObject({ dead_stock_days: 120, forecast_horizon_weeks: 8 });
    const logs = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Configuration'), eq(activityLogs.subjectId, String(practice.id))));
    expect(logs.map((l) => l.action)).toEqual(['update', 'update']);
    expect(logs[1]).toMatchObject({ dentalPracticeId: practice.id, before: { deadStockDays: 90 }, after: { deadStockDays: 120 } });
    // A forecast run uses the practice's horizon and service level.
    const run = (await admin.post('/api/forecast/run', { dental_practice_id: practice.id })).json().data;
    expect(run).toMatchObject({ horizon_weeks: 8, level: '0.9800' });
  });

  it('create saves a first configuration with defaults for what is absent, and a second create is a 409', async () => {
    const practice = await createPractice(t.database.db);
    const created = await admin.post('/api/configuration/create', { dental_practice_id: practice.id, expiry_warning_days: 45 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ configured: true, expiry_warning_days: 45, forecast_horizon_weeks: 12 });
    const again = await admin.post('/api/configuration/create', { dental_practice_id: practice.id, expiry_warning_days: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has its settings/);
    expect((await admin.get(`/api/configuration/${practice.id}`)).json().data.expiry_warning_days).toBe(45);
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ forecast_horizon_weeks: 0 }, 'forecast_horizon_weeks'],
      [{ forecast_horizon_weeks: 2.5 }, 'forecast_horizon_weeks'],
      [{ service_level: 1.5 }, 'service_level'],
      [{ service_level: '0.95' }, 'service_level'],
      [{ lead_time_days: -1 }, 'lead_time_days'],
      [{ dead_stock_days: 100_000 }, 'dead_stock_days'],
      [{ allow_negative_stock: 'yes' }, 'allow_negative_stock'],
      [{ forecast_date: '2026-02-30' }, 'forecast_date'],
      [{ forecast_date: day(3) }, 'forecast_date'],
      [{ colour: 'blue' }, 'colour'],
      [{}, '_'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(`/api/configuration/update/${practice.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.post(`/api/configuration/update/${practice.id}`, { forecast_date: day(3) })).json().errors.forecast_date[0]).toMatch(/cannot be after today/);
    expect((await admin.post(`/api/configuration/update/${practice.id}`, {})).json().errors._[0]).toMatch(/at least one setting/);
    expect(await t.database.db.select().from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practice.id))).toEqual([]);
  });

  it('two managers saving different settings at the same moment keep both changes', async () => {
    const practice = await createPractice(t.database.db);
    await Promise.all([admin.post(`/api/configuration/update/${practice.id}`, { lead_time_days: 3 }), admin.post(`/api/configuration/update/${practice.id}`, { review_period_days: 14 })]);
    expect((await admin.get(`/api/configuration/${practice.id}`)).json().data).toMatchObject({ lead_time_days: 3, review_period_days: 14 });
  });

  it('a manager sees and changes only their practices; clinical staff cannot change settings', async () => {
    const mine = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    const seen = (await manager.get('/api/admin/list/configuration')).json();
    expect(seen.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await manager.post(`/api/configuration/update/${other.id}`, { lead_time_days: 1 })).statusCode).toBe(404);
    expect((await manager.get(`/api/configuration/${other.id}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/configuration/update/${mine.id}`, { lead_time_days: 1 })).statusCode).toBe(200);
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [mine.id] });
    expect((await staff.post(`/api/configuration/update/${mine.id}`, { lead_time_days: 2 })).statusCode).toBe(403);
    expect((await admin.get(`/api/configuration/${mine.id}`)).json().data.lead_time_days).toBe(1);
  });

  it('keeps the supply budget, the approval threshold and the over-receipt tolerance, in the practice’s currency', async () => {
    const practice = await createPractice(t.database.db, { currency: 'EUR' });
    const fresh = (await admin.get(`/api/configuration/${practice.id}`)).json().data;
    expect(fresh).toMatchObject({ monthly_supply_budget: null, po_approval_threshold: null, over_receipt_tolerance: 0, currency: 'EUR' });
    const saved = await admin.post(`/api/configuration/update/${practice.id}`, { monthly_supply_budget: 4250.5, po_approval_threshold: 1000, over_receipt_tolerance: 0.05 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ monthly_supply_budget: 4250.5, po_approval_threshold: 1000, over_receipt_tolerance: 0.05, currency: 'EUR' });
    const [row] = await t.database.db.select().from(practiceSettings).where(eq(practiceSettings.dentalPracticeId, practice.id));
    expect(row).toMatchObject({ monthlySupplyBudget: '4250.50', poApprovalThreshold: '1000.00', overReceiptTolerance: '0.0500' });
    // null clears a budget or a threshold (none set, never asks for approval).
    const cleared = await admin.post(`/api/configuration/update/${practice.id}`, { monthly_supply_budget: null, po_approval_threshold: null });
    expect(cleared.json().data).toMatchObject({ monthly_supply_budget: null, po_approval_threshold: null, over_receipt_tolerance: 0.05 });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ monthly_supply_budget: -1 }, 'monthly_supply_budget'],
      [{ monthly_supply_budget: 10.005 }, 'monthly_supply_budget'],
      [{ monthly_supply_budget: 1e13 }, 'monthly_supply_budget'],
      [{ monthly_supply_budget: '100' }, 'monthly_supply_budget'],
      [{ po_approval_threshold: -0.01 }, 'po_approval_threshold'],
      [{ over_receipt_tolerance: 1.5 }, 'over_receipt_tolerance'],
      [{ over_receipt_tolerance: -0.1 }, 'over_receipt_tolerance'],
      [{ over_receipt_tolerance: null }, 'over_receipt_tolerance'],
    ];
    for (const [body, field] of bad) {
      const res = await admin.post(`/api/configuration/update/${practice.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.get(`/api/configuration/${practice.id}`)).json().data).toMatchObject({ monthly_supply_budget: null, over_receipt_tolerance: 0.05 });
    const filtered = (await admin.get(`/api/admin/list/configuration?${filterById(practice.id)}&sort=over_receipt_tolerance`)).json();
    expect(filtered.data[0]).toMatchObject({ over_receipt_tolerance: 0.05, currency: 'EUR' });
  });

  it('a deactivated practice’s settings are not changed (409)', async () => {
    const practice = await createPractice(t.database.db, { status: 'inactive' });
    expect((await admin.post(`/api/configuration/update/${practice.id}`, { lead_time_days: 2 })).statusCode).toBe(409);
  });
});
