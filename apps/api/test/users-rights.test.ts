import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, userPractices, userRoles, users } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { signedInUser, createTestApp, type TestApp } from './test-app.ts';

/**
 * Who may change whom (issue 10, items 1 and 2): an actor may change, set the password of or
 * deactivate a user only if every practice of the user is in the actor's scope and the user's
 * rights do not exceed the actor's; grants are checked against what the user would hold after.
 */
let t: TestApp;
let roleId: Record<string, number>;
let A: { id: number; name: string };
let B: { id: number; name: string };
beforeAll(async () => {
  // Many sign-ins from one address: the login throttle is not what this file tests.
  t = await createTestApp({ limits: { loginPerIp: { max: 100_000, windowSeconds: 60 } } });
  roleId = Object.fromEntries((await t.database.db.select().from(roles)).map((r) => [r.name, r.id]));
  A = await createPractice(t.database.db);
  B = await createPractice(t.database.db);
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Crown-And-Bridge-2027';

const signedIn = async (role: string, practiceIds: number[]) => ({ ...(await signedInUser(t, { role, practiceIds })), practiceIds });

async function signsIn(email: string, password: string): Promise<boolean> {
  return (await new Agent(t.app).post('/login', { email, password })).statusCode === 200;
}

/** Everything about a user that a refused action must leave as it was. */
async function snapshot(id: number) {
  const db = t.database.db;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  const roleIds = (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.id).sort((a, b) => a - b);
  const practiceIds = (await db.select({ id: userPractices.dentalPracticeId }).from(userPractices).where(eq(userPractices.userId, id))).map((r) => r.id).sort((a, b) => a - b);
  return { firstname: row!.firstname, status: row!.status, passwordHash: row!.passwordHash, roleIds, practiceIds };
}

type Target = Awaited<ReturnType<typeof createUser>> & { roleIds: number[]; practiceIds: number[] };
type ActorKey = 'superAdmin' | 'managerA' | 'managerAB' | 'staffA';
type TargetKey = 'viewerA' | 'viewerAB' | 'superAdminA' | 'managerA' | 'viewerB';
type ActionKey = 'names' | 'password' | 'grant' | 'practices' | 'deactivate';

const targets: Record<TargetKey, () => Promise<Target>> = {
  viewerA: () => target('Viewer', () => [A.id]),
  viewerAB: () => target('Viewer', () => [A.id, B.id]),
  superAdminA: () => target('Super Admin', () => [A.id]),
  managerA: () => target('Practice Manager', () => [A.id]),
  viewerB: () => target('Viewer', () => [B.id]),
};
async function target(role: string, practices: () => number[]): Promise<Target> {
  const practiceIds = practices();
  const user = await createUser(t.database.db, { role, practiceIds });
  return { ...user, roleIds: [roleId[role]!], practiceIds };
}

/** The body the user form sends: the record as the actor sees it (only the practices in their scope), changed. */
function form(user: Target, actorPractices: number[] | 'all', change: Record<string, unknown> = {}) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    locale: user.locale,
    status: 'active',
    role_ids: user.roleIds,
    dental_practice_ids: user.practiceIds.filter((id) => actorPractices === 'all' || actorPractices.includes(id)),
    ...change,
  };
}

const actions: Record<ActionKey, (agent: Agent, user: Target, actorPractices: number[] | 'all') => Promise<{ statusCode: number; json(): { message?: string } }>> = {
  names: (agent, user, scope) => agent.post(`/api/user/update/${user.id}`, form(user, scope, { firstname: 'Renamed' })),
  password: (agent, user, scope) => agent.post(`/api/user/update/${user.id}`, form(user, scope, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })),
  grant: (agent, user, scope) =>
    agent.post(`/api/user/update/${user.id}`, form(user, scope, { role_ids: [...new Set([...user.roleIds, roleId['Practice Manager']!, roleId['Clinical Staff']!])] })),
  // Adds B when the user lacks it, removes it otherwise.
  practices: (agent, user, scope) => {
    const visible = form(user, scope).dental_practice_ids;
    const toggled = user.practiceIds.includes(B.id) ? visible.filter((id) => id !== B.id) : [...visible, B.id];
    return agent.post(`/api/user/update/${user.id}`, form(user, scope, { dental_practice_ids: toggled }));
  },
  deactivate: (agent, user) => agent.post('/api/user/delete', { id: user.id }),
};

/** The change an allowed action made. */
async function expectDone(action: ActionKey, user: Target) {
  const after = await snapshot(user.id);
  if (action === 'names') expect(after.firstname).toBe('Renamed');
  if (action === 'password') expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);
  if (action === 'grant') expect(after.roleIds).toEqual(expect.arrayContaining([roleId['Practice Manager'], roleId['Clinical Staff']]));
  if (action === 'practices') expect(after.practiceIds.includes(B.id)).toBe(!user.practiceIds.includes(B.id));
  if (action === 'deactivate') expect(after.status).toBe('inactive');
}

// ok: done (200); scope / rights: 403 naming why; forbidden: 403 (no right on users at all);
// hidden: 404 (a user the actor cannot see); practice: 422 on dental_practice_ids (B is not theirs).
type Outcome = 'ok' | 'scope' | 'rights' | 'forbidden' | 'hidden' | 'practice';
const all = (outcome: Outcome): Record<ActionKey, Outcome> => ({ names: outcome, password: outcome, grant: outcome, practices: outcome, deactivate: outcome });
const EXPECTED: Record<ActorKey, Record<TargetKey, Record<ActionKey, Outcome>>> = {
  superAdmin: { viewerA: all('ok'), viewerAB: all('ok'), superAdminA: all('ok'), managerA: all('ok'), viewerB: all('ok') },
  managerA: {
    viewerA: { ...all('ok'), practices: 'practice' },
    viewerAB: all('scope'),
    superAdminA: all('rights'),
    managerA: { ...all('ok'), practices: 'practice' },
    viewerB: all('hidden'),
  },
  // Removing B from a user of B only would leave them with no practice a manager sees: refused.
  managerAB: { viewerA: all('ok'), viewerAB: all('ok'), superAdminA: all('rights'), managerA: all('ok'), viewerB: { ...all('ok'), practices: 'practice' } },
  staffA: { viewerA: all('forbidden'), viewerAB: all('forbidden'), superAdminA: all('forbidden'), managerA: all('forbidden'), viewerB: all('forbidden') },
};

const MESSAGES: Partial<Record<Outcome, string>> = {
  scope: 'This user also belongs to practices you do not manage, so you cannot change or deactivate their account.',
  rights: 'This user has rights you do not have, so you cannot change or deactivate their account.',
  forbidden: 'You do not have permission to do this.',
};
const STATUS: Record<Outcome, number> = { ok: 200, scope: 403, rights: 403, forbidden: 403, hidden: 404, practice: 422 };

describe('who may change whom', () => {
  const actors: Record<ActorKey, () => Promise<{ agent: Agent; scope: number[] | 'all' }>> = {
    superAdmin: async () => ({ agent: (await signedIn('Super Admin', [])).agent, scope: 'all' }),
    managerA: async () => ({ agent: (await signedIn('Practice Manager', [A.id])).agent, scope: [A.id] }),
    managerAB: async () => ({ agent: (await signedIn('Practice Manager', [A.id, B.id])).agent, scope: [A.id, B.id] }),
    staffA: async () => ({ agent: (await signedIn('Clinical Staff', [A.id])).agent, scope: [A.id] }),
  };

  for (const actorKey of Object.keys(EXPECTED) as ActorKey[]) {
    it(`${actorKey}: every action on every kind of user`, async () => {
      const { agent, scope } = await actors[actorKey]();
      for (const targetKey of Object.keys(EXPECTED[actorKey]) as TargetKey[]) {
        for (const action of Object.keys(EXPECTED[actorKey][targetKey]) as ActionKey[]) {
          const outcome = EXPECTED[actorKey][targetKey][action];
          const label = `${actorKey} → ${action} → ${targetKey}`;
          const user = await targets[targetKey]();
          if (action === 'names' && outcome !== 'hidden' && outcome !== 'forbidden') {
            // What the client offers follows the same rule: the record and the list row say it.
            const offered = { can_update: EXPECTED[actorKey][targetKey].names === 'ok', can_delete: EXPECTED[actorKey][targetKey].deactivate === 'ok' };
            expect((await agent.get(`/api/user/${user.id}`)).json().data, label).toMatchObject(offered);
            const rows = (await agent.get(`/api/admin/list/users?search=${encodeURIComponent(user.email)}`)).json().data;
            expect(rows, label).toEqual([expect.objectContaining({ id: user.id, ...offered })]);
          }
          const before = await snapshot(user.id);
          const res = await actions[action](agent, user, scope);
          expect(res.statusCode, label).toBe(STATUS[outcome]);
          if (outcome === 'ok') {
            await expectDone(action, user);
            continue;
          }
          if (MESSAGES[outcome]) expect(res.json().message, label).toBe(MESSAGES[outcome]);
          if (outcome === 'practice') expect((res.json() as { errors?: Record<string, string[]> }).errors, label).toHaveProperty('dental_practice_ids');
          expect(await snapshot(user.id), label).toEqual(before);
          if (action === 'password') {
            expect(await signsIn(user.email, NEW_PASSWORD), label).toBe(false);
            expect(await signsIn(user.email, user.password), label).toBe(true);
          }
        }
      }
    });
  }

  it('item 1 as reported: a manager of A cannot make a user of A and B a manager with a new password', async () => {
    const { agent } = await signedIn('Practice Manager', [A.id]);
    const x = await createUser(t.database.db, { role: 'Viewer', practiceIds: [A.id, B.id] });
    const before = await snapshot(x.id);
    const res = await agent.post(`/api/user/update/${x.id}`, {
      firstname: x.firstname,
      lastname: x.lastname,
      email: x.email,
      locale: 'en',
      status: 'active',
      role_ids: [roleId['Practice Manager']],
      dental_practice_ids: [A.id],
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: MESSAGES.scope });
    expect(await snapshot(x.id)).toEqual(before);
    expect(await signsIn(x.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(x.email, x.password)).toBe(true);
  });

  it('the refusal is translated', async () => {
    const { agent } = await signedIn('Practice Manager', [A.id]);
    const boss = await createUser(t.database.db, { role: 'Super Admin', practiceIds: [A.id] });
    const res = await agent.post('/api/user/delete', { id: boss.id }, { headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cet utilisateur a des droits que vous n’avez pas : vous ne pouvez donc ni modifier ni désactiver son compte.');
  });

  it('a grant is checked against every practice the user would hold', async () => {
    const { agent } = await signedIn('Practice Manager', [A.id, B.id]);
    // A manager of A and B may not make anyone a Super Admin, even a user of theirs.
    const staff = await target('Clinical Staff', () => [A.id]);
    const boss = await agent.post(`/api/user/update/${staff.id}`, form(staff, [A.id, B.id], { role_ids: [roleId['Super Admin']] }));
    expect(boss.statusCode).toBe(422);
    expect(boss.json().errors).toEqual({ role_ids: ['You cannot assign a role with more rights than your own.'] });
    expect((await snapshot(staff.id)).roleIds).toEqual([roleId['Clinical Staff']]);
    // Creating: the same rule.
    const created = await agent.post('/api/user/create', {
      ...form(staff, 'all', { email: 'would-be-boss@example.test', role_ids: [roleId['Super Admin']] }),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toHaveProperty('role_ids');
  });

  it('a user’s record and list row name only the practices the reader may see', async () => {
    const x = await createUser(t.database.db, { role: 'Viewer', practiceIds: [A.id, B.id] });
    const { agent } = await signedIn('Practice Manager', [A.id]);
    expect((await agent.get(`/api/user/${x.id}`)).json().data.dental_practices).toEqual([{ id: A.id, name: A.name }]);
    const row = (await agent.get(`/api/admin/list/users?search=${encodeURIComponent(x.email)}`)).json().data[0];
    expect(row).toMatchObject({ id: x.id, dental_practices: A.name });
    // Nor can the hidden practice be found by searching or filtering for it.
    expect((await agent.get(`/api/admin/list/users?search=${encodeURIComponent(B.name)}`)).json().data.map((u: { id: number }) => u.id)).not.toContain(x.id);
    const csv = (await agent.get(`/api/admin/list/users?format=csv&search=${encodeURIComponent(x.email)}`)).body;
    expect(csv).toContain(A.name);
    expect(csv).not.toContain(B.name);

    const { agent: admin } = await signedIn('Super Admin', []);
    const names = (await admin.get(`/api/user/${x.id}`)).json().data.dental_practices.map((p: { id: number }) => p.id);
    expect(names.sort()).toEqual([A.id, B.id].sort());
  });

  it('saving the form keeps the practices the record did not show (an editor of every user who reads only some)', async () => {
    const { agent: admin } = await signedIn('Super Admin', []);
    const permission = async (name: string, action: string, subject: string, conditions?: unknown) =>
      (await admin.post('/api/permission/create', { name, action, subject, ...(conditions ? { conditions } : {}) })).json().data.id as number;
    const ids = [
      await permission('read User (own practices) – editor test', 'read', 'User', { dentalPracticeId: { $in: '${user.practiceIds}' } }),
      await permission('update User – editor test', 'update', 'User'),
    ];
    const role = await admin.post('/api/role/create', { name: 'Account editor', permission_ids: ids });
    expect(role.statusCode).toBe(201);
    const editor = await signedIn('Account editor', [A.id]);
    // A user without roles: nothing of theirs exceeds the editor's rights.
    const x = await createUser(t.database.db, { practiceIds: [A.id, B.id] });

    const record = (await editor.agent.get(`/api/user/${x.id}`)).json().data;
    expect(record.dental_practices).toEqual([{ id: A.id, name: A.name }]);
    expect(record.roles).toEqual([]);
    // What the web form sends back: the record's roles and practices, a field changed.
    const res = await editor.agent.post(`/api/user/update/${x.id}`, {
      firstname: 'Edited',
      lastname: record.lastname,
      email: record.email,
      locale: record.locale,
      status: record.status,
      role_ids: record.roles.map((r: { id: number }) => r.id),
      dental_practice_ids: record.dental_practices.map((p: { id: number }) => p.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.dental_practices).toEqual([{ id: A.id, name: A.name }]);
    expect(await snapshot(x.id)).toMatchObject({ firstname: 'Edited', practiceIds: [A.id, B.id].sort((a, b) => a - b) });
  });
});
