import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { activityLogs, dentalPractices } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const valid = (code: string) => ({ name: 'Bright Smiles Lyon', code, address: '12 rue de la République, Lyon', phone: '+33 4 72 00 00 00', email: 'lyon@bright.test', time_zone: 'Europe/Paris', currency: 'eur' });

describe('dental practices', () => {
  it('creates, reads, updates, deactivates, restores, and deletes permanently only when inactive — all logged', async () => {
    const created = await admin.post('/api/dental-practice/create', valid('LYON-1'));
    expect(created.statusCode).toBe(201);
    const practice = created.json().data;
    expect(practice).toMatchObject({ name: 'Bright Smiles Lyon', code: 'LYON-1', currency: 'EUR', time_zone: 'Europe/Paris', status: 'active' });

    expect((await admin.get(`/api/dental-practice/${practice.id}`)).json().data.id).toBe(practice.id);
    const updated = await admin.request('PUT', `/api/dental-practice/update/${practice.id}`, { json: { ...valid('LYON-1'), name: 'Bright Smiles Lyon Centre' } });
    expect(updated.json().data.name).toBe('Bright Smiles Lyon Centre');

    const early = await admin.post(`/api/dental-practice/delete-permenent/${practice.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Deactivate the practice before deleting it permanently.');

    expect((await admin.post(`/api/dental-practice/delete/${practice.id}`)).json().data.status).toBe('inactive');
    expect((await admin.post(`/api/dental-practice/restore/${practice.id}`)).json().data.status).toBe('active');
    await admin.post(`/api/dental-practice/delete/${practice.id}`);
    expect((await admin.request('DELETE', `/api/dental-practice/delete-permanent/${practice.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/dental-practice/${practice.id}`)).statusCode).toBe(404);

    const log = await t.database.db.select().from(activityLogs).where(eq(activityLogs.subjectId, String(practice.id))).orderBy(activityLogs.id);
    expect(log.filter((l) => l.subject === 'DentalPractice').map((l) => l.action)).toEqual(['create', 'update', 'deactivate', 'restore', 'deactivate', 'delete_permanent']);
    expect(log.at(-1)!.before).toMatchObject({ code: 'LYON-1', name: 'Bright Smiles Lyon Centre' });
  });

  it('refuses bad values with the field’s message and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(dentalPractices))[0]!.n;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid('BAD-1'), name: '' }, 'name', 'This field is required.'],
      [{ ...valid('BAD-2'), time_zone: 'Mars/Olympus' }, 'time_zone', 'Choose a time zone from the list, such as Europe/Paris.'],
      [{ ...valid('BAD-3'), currency: 'EURO' }, 'currency', 'Use a three-letter currency code such as USD or EUR.'],
      [{ ...valid('BAD-4'), email: 'nope' }, 'email', 'Enter a valid email address.'],
      [{ ...valid('BAD 5') }, 'code', 'This value is not valid.'],
      [{ ...valid('BAD-6'), status: 'deleted' }, 'status', 'This value is not allowed.'],
      [{ ...valid('BAD-7'), name: 'x'.repeat(161) }, 'name', 'Must be at most 160 characters.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/dental-practice/create', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toEqual([message]);
    }
    await admin.post('/api/dental-practice/create', valid('DUP-1'));
    const dup = await admin.post('/api/dental-practice/create', valid('dup-1'));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['This practice code is already in use.'] });
    expect((await t.database.db.select({ n: count() }).from(dentalPractices))[0]!.n).toBe(before + 1);
  });

  it('keeps practices apart: another practice is a 404 by guessed id; a manager may edit but not create or delete', async () => {
    const mine = await createPractice(t.database.db);
    const theirs = await createPractice(t.database.db);
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [mine.id] });
    const manager = new Agent(t.app);
    await manager.login(user.email, user.password);
    expect((await manager.get(`/api/dental-practice/${theirs.id}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/dental-practice/update/${theirs.id}`, valid(theirs.code))).statusCode).toBe(404);
    expect((await manager.post(`/api/dental-practice/update/${mine.id}`, { ...valid(mine.code), name: 'Renamed by manager' })).statusCode).toBe(200);
    expect((await manager.post('/api/dental-practice/create', valid('MGR-1'))).statusCode).toBe(403);
    expect((await manager.post(`/api/dental-practice/delete/${mine.id}`)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(dentalPractices).where(eq(dentalPractices.id, theirs.id));
    expect(row!.name).toBe(theirs.name);
    expect((await admin.get('/api/dental-practice/abc')).statusCode).toBe(422);
    expect((await admin.get('/api/dental-practice/999999999')).statusCode).toBe(404);
  });
});
