import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { PROCEDURE_CATEGORIES, isValidGtin } from '@enamel/contracts';
import { activityLogs, brands, categories, procedureCodes, procedureTemplateItems, procedureTemplates, products } from '@enamel/db';
import { catalogData, validateCatalogData } from '../src/features/seeder/catalog-data.ts';
import { runSeedCommand } from '../src/features/seeder/seed-command.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
let manager: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const su = await createUser(t.database.db, { role: 'Super Admin' });
  admin = new Agent(t.app);
  await admin.login(su.email, su.password);
  const practice = await createPractice(t.database.db);
  const pm = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
  manager = new Agent(t.app);
  await manager.login(pm.email, pm.password);
});
afterAll(async () => t.close());

const total = (n: { n: number }[]) => Number(n[0]?.n ?? 0);

describe('demo data seeder', () => {
  it('refuses anonymous callers (401) and anyone but a Super Admin (403)', async () => {
    expect((await new Agent(t.app).post('/api/seeder/data')).statusCode).toBe(401);
    const res = await manager.post('/api/seeder/data');
    expect(res.statusCode).toBe(403);
    expect(total(await t.database.db.select({ n: count() }).from(products))).toBe(0);
  });

  it('fills the catalog for a Super Admin, and seeding again creates nothing new', async () => {
    const first = await admin.post('/api/seeder/data');
    expect(first.statusCode, first.body).toBe(200);
    const summary = first.json().data;
    expect(first.json().success).toBe(true);
    expect(summary.brands.created).toBeGreaterThanOrEqual(40);
    expect(summary.categories.created).toBeGreaterThan(13);
    expect(summary.products.created).toBeGreaterThanOrEqual(400);
    expect(summary.procedure_codes.created).toBeGreaterThanOrEqual(120);
    expect(summary.templates.created).toBeGreaterThanOrEqual(60);

    const db = t.database.db;
    const counts = async () => ({
      brands: total(await db.select({ n: count() }).from(brands)),
      categories: total(await db.select({ n: count() }).from(categories)),
      products: total(await db.select({ n: count() }).from(products)),
      codes: total(await db.select({ n: count() }).from(procedureCodes)),
      templates: total(await db.select({ n: count() }).from(procedureTemplates)),
      items: total(await db.select({ n: count() }).from(procedureTemplateItems)),
    });
    const before = await counts();
    expect(before).toMatchObject({ brands: summary.brands.created, products: summary.products.created, codes: summary.procedure_codes.created, templates: summary.templates.created });

    // Every procedure category has codes; every template has at least three consumables, all positive.
    const byCategory = await db.select({ category: procedureCodes.category, n: count() }).from(procedureCodes).groupBy(procedureCodes.category);
    expect(byCategory.map((r) => r.category).sort()).toEqual([...PROCEDURE_CATEGORIES].sort());
    const perTemplate = await db
      .select({ id: procedureTemplates.id, n: count(procedureTemplateItems.id) })
      .from(procedureTemplates)
      .leftJoin(procedureTemplateItems, eq(procedureTemplateItems.procedureTemplateId, procedureTemplates.id))
      .groupBy(procedureTemplates.id);
    expect(Math.min(...perTemplate.map((r) => Number(r.n)))).toBeGreaterThanOrEqual(3);
    expect(total(await db.select({ n: count() }).from(procedureTemplateItems).where(sql`${procedureTemplateItems.quantity} <= 0`))).toBe(0);

    // Products: valid GTINs (check digit), whole units per purchase unit, exact prices, a brand and a child category.
    const rows = await db.select().from(products);
    expect(rows.every((p) => p.gtin !== null && isValidGtin(p.gtin))).toBe(true);
    expect(new Set(rows.map((p) => p.gtin)).size).toBe(rows.length);
    expect(rows.every((p) => Number.isInteger(p.unitsPerPurchaseUnit) && p.unitsPerPurchaseUnit > 0 && /^\d+\.\d{4}$/.test(p.purchasePrice))).toBe(true);
    expect(rows.every((p) => p.brandId !== null && p.categoryId !== null)).toBe(true);
    const gloves = rows.find((p) => p.sku === 'MED-NIT-M')!;
    expect(gloves).toMatchObject({ usageUnit: 'each', purchaseUnit: 'box', unitsPerPurchaseUnit: 100, tracksLots: false });
    const articaine = rows.find((p) => p.sku === 'SEP-SEPT-100')!;
    expect(articaine).toMatchObject({ usageUnit: 'cartridge', unitsPerPurchaseUnit: 50, tracksLots: true });

    // The product search reads a GS1 barcode carrying a seeded GTIN (the 13-digit form on the box) with a lot and expiry.
    const scan = await admin.get(`/api/product/search?q=${encodeURIComponent(`(01)${gloves.gtin}(17)281130(10)LOT42`)}`);
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().data.map((p: { sku: string }) => p.sku)).toEqual(['MED-NIT-M']);
    expect(scan.json().barcode).toMatchObject({ gtin: gloves.gtin, lot: 'LOT42', expiry: '2028-11-30' });
    expect((await admin.get(`/api/product/search?q=${gloves.gtin!.slice(1)}`)).json().data[0].sku).toBe('MED-NIT-M');

    const again = await admin.post('/api/seeder/data');
    expect(again.statusCode).toBe(200);
    const second = again.json().data;
    for (const kind of ['brands', 'categories', 'products', 'procedure_codes', 'templates']) {
      expect(second[kind], kind).toEqual({ created: 0, updated: 0, unchanged: summary[kind].created });
    }
    expect(await counts()).toEqual(before);

    const logged = await db.select().from(activityLogs).where(and(eq(activityLogs.action, 'seed'), eq(activityLogs.subject, 'Seeder')));
    expect(logged).toHaveLength(2);
  });

  it('puts back what was changed in a seeded record, and replaces changed template items', async () => {
    const db = t.database.db;
    await db.update(products).set({ purchasePrice: '1.0000', name: 'Renamed' }).where(eq(products.sku, 'MED-NIT-M'));
    const [template] = await db.select().from(procedureTemplates).where(eq(procedureTemplates.name, 'Simple extraction'));
    await db.delete(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template!.id));
    const res = await admin.post('/api/seeder/data');
    const data = res.json().data;
    expect(data.products).toMatchObject({ created: 0, updated: 1 });
    expect(data.templates).toMatchObject({ created: 0, updated: 1 });
    const [gloves] = await db.select().from(products).where(eq(products.sku, 'MED-NIT-M'));
    expect(gloves).toMatchObject({ purchasePrice: '8.9000', name: 'SafeTouch nitrile gloves, powder-free, size M' });
    const items = await db.select().from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template!.id));
    expect(items.length).toBe(catalogData().templates.find((x) => x.name === 'Simple extraction')!.items.length);
  });
});

describe('demo data files', () => {
  it('are consistent, and a broken reference is reported', () => {
    const data = catalogData();
    expect(validateCatalogData(data)).toEqual([]);
    const broken = { ...data, templates: [{ name: 'Broken', code: 'D0000', description: '', items: [['NOPE', '0'] as [string, string]] }] };
    expect(validateCatalogData(broken)).toEqual([
      'template Broken: unknown procedure code D0000',
      'template Broken: unknown SKU NOPE',
      'template Broken: quantity 0 of NOPE is not a positive decimal',
    ]);
  });
});

describe('npm run seed', () => {
  it('stops with a clear message when the embedded database is in use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-seed-'));
    // The parent process (the test runner) is alive: it stands for a running server.
    fs.writeFileSync(path.join(dataDir, 'enamel.lock'), String(process.ppid));
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await runSeedCommand({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' }, { out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(1);
      expect(err.join('\n')).toContain(`is in use by process ${process.ppid} (is the Enamel server running?)`);
      expect(err.join('\n')).toContain('Stop the server and run `npm run seed` again');
      expect(out).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a bad configuration', async () => {
    const err: string[] = [];
    expect(await runSeedCommand({ DATABASE_URL: 'mysql://nope' }, { out: () => undefined, err: (l) => err.push(l) })).toBe(1);
    expect(err.join('\n')).toContain('DATABASE_URL must start with postgres://');
  });
});
