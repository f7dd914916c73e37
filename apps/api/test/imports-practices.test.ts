import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activityLogs, dentalPractices, permissions, rolePermissions, roles, userRoles } from '@enamel/db';
import { USER_PRACTICES } from '../src/core/abilities.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { commit, upload, validated } from './imports-helpers.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signedInUser, signInAs, type TestApp } from './test-app.ts';

/** Dental practices import like every catalog record: upsert by code, the practice form's checks per row, Super Admin only. */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const HEADER = 'code,name,address,phone,email,time_zone,currency,status';
const byCode = async (code: string) => (await t.database.db.select().from(dentalPractices).where(eq(dentalPractices.code, code)))[0];

describe('dental practice import', () => {
  it('creates practices and updates the one whose code it names (any case), keeping the stored spelling; logged', async () => {
    const existing = await createPractice(t.database.db, { code: `OLD-${uid()}`, name: 'Old name', timeZone: 'UTC', currency: 'USD' });
    const [a, b] = [`NEW-A-${uid()}`, `NEW-B-${uid()}`];
    const file = [
      HEADER,
      `${a},Harbour Dental,"1 Quay St, Bristol",+44 117 555 0100,desk@harbour.example,Europe/London,gbp,`,
      `${b},Tokyo Smile,,,,Asia/Tokyo,JPY,inactive`,
      `${existing.code.toLowerCase()},New name,,,,America/Chicago,usd,`,
    ].join('\n');
    const job = await validated(admin, 'dental-practice', 'practices.csv', file);
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', stage: 'validate', rows_read: 3, valid_rows: 3, invalid_rows: 0 });
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 2, updated: 1 });

    expect(await byCode(a)).toMatchObject({ name: 'Harbour Dental', address: '1 Quay St, Bristol', phone: '+44 117 555 0100', email: 'desk@harbour.example', timeZone: 'Europe/London', currency: 'GBP', status: 'active' });
    expect(await byCode(b)).toMatchObject({ name: 'Tokyo Smile', address: null, email: null, timeZone: 'Asia/Tokyo', currency: 'JPY', status: 'inactive' });
    const [updated] = await t.database.db.select().from(dentalPractices).where(eq(dentalPractices.id, existing.id));
    expect(updated).toMatchObject({ code: existing.code, name: 'New name', timeZone: 'America/Chicago', currency: 'USD', status: 'active' });
    const count = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(dentalPractices).where(sql`lower(${dentalPractices.code}) = ${existing.code.toLowerCase()}`);
    expect(count[0]!.n).toBe(1);

    const [log] = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.action, 'import'), eq(activityLogs.subject, 'DentalPractice'), eq(activityLogs.subjectId, job.id)));
    expect(log!.after).toMatchObject({ kind: 'dental-practice', rows: 3, created: 2, updated: 1 });
  });

  it('names each bad row: time zone, currency, missing name, email; imports only the valid ones', async () => {
    const ok = `OK-${uid()}`;
    const file = [
      HEADER,
      `TZ-${uid()},Bad zone,,,,Mars/Olympus,EUR,`,
      `CUR-${uid()},Bad currency,,,,Europe/Paris,EUROS,`,
      `NONAME-${uid()},,,,,Europe/Paris,EUR,`,
      `MAIL-${uid()},Bad mail,,,not-an-email,Europe/Paris,EUR,`,
      `${ok},Fine,,,,Europe/Paris,EUR,`,
      `${ok},Twice,,,,Europe/Paris,EUR,`,
    ].join('\n');
    const job = await validated(admin, 'dental-practice', 'bad.csv', file);
    expect(job).toMatchObject({ rows_read: 6, valid_rows: 1, invalid_rows: 5 });
    expect(job.errors).toEqual([
      { row: 2, column: 'time_zone', message: 'Choose a time zone from the list, such as Europe/Paris.' },
      { row: 3, column: 'currency', message: 'Use a three-letter currency code such as USD or EUR.' },
      { row: 4, column: 'name', message: 'This field is required.' },
      { row: 5, column: 'email', message: 'Enter a valid email address.' },
      { row: 7, column: 'code', message: expect.stringContaining('row 6') },
    ]);
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 1 });
    expect(await byCode(ok)).toMatchObject({ name: 'Fine', currency: 'EUR' });
  });

  it('offers a template; refuses those without the right (403); a right limited to some practices updates only those', async () => {
    const csv = await admin.get('/api/import/template/dental-practice?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(HEADER);
    expect((await admin.get('/api/import/template/dental-practice?format=xlsx')).statusCode).toBe(200);

    const mine = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    expect((await upload(manager, 'dental-practice', 'p.csv', `${HEADER}\nX-${uid()},X,,,,UTC,USD,\n`)).statusCode).toBe(403);
    expect((await manager.get('/api/import/template/dental-practice')).statusCode).toBe(403);

    // A role whose import right is limited to the user's practices: their practice updates, anything else is unknown.
    const db = t.database.db;
    const [role] = await db.insert(roles).values({ name: `Practice importer ${uid()}` }).returning();
    const [rule] = await db.insert(permissions).values({ name: `import practices ${uid()}`, action: 'import', subject: 'DentalPractice', conditions: { dentalPracticeId: { $in: USER_PRACTICES } } }).returning();
    await db.insert(rolePermissions).values({ roleId: role!.id, permissionId: rule!.id });
    const { user, agent } = await signedInUser(t, { practiceIds: [mine.id] });
    await db.insert(userRoles).values({ userId: user.id, roleId: role!.id });
    const fresh = `FRESH-${uid()}`;
    const job = await validated(agent, 'dental-practice', 'p.csv', `${HEADER}\n${mine.code},Mine renamed,,,,UTC,USD,\n${other.code},Not mine,,,,UTC,USD,\n${fresh},New,,,,UTC,USD,\n`);
    expect(job.errors).toEqual([
      { row: 3, column: 'code', message: `No practice with the code “${other.code}” that you may import into.` },
      { row: 4, column: 'code', message: `No practice with the code “${fresh}” that you may import into.` },
    ]);
    expect(await commit(agent, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 0, updated: 1 });
    expect(await byCode(mine.code)).toMatchObject({ name: 'Mine renamed' });
    expect(await byCode(other.code)).toMatchObject({ name: other.name });
    expect(await byCode(fresh)).toBeUndefined();
  });
});
