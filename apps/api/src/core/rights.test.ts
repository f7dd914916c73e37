import { describe, expect, it } from 'vitest';
import type { AbilityRule } from '@enamel/contracts';
import { SEEDED_ROLES } from '../features/roles/seeded-roles.ts';
import { buildAbility, ruleConditionsSchema } from './abilities.ts';
import { REFUSED_CONDITIONS } from '../../test/fixtures/refused-conditions.ts';
import { coversRights } from './rights.ts';

/** A seeded role's rules for a holder of `practiceIds`, as loadRules fills them in. */
function seeded(role: string, practiceIds: number[]): AbilityRule[] {
  const found = SEEDED_ROLES.find((r) => r.name === role);
  if (!found) throw new Error(role);
  return found.permissions.map((p) => ({ action: p.action, subject: p.subject, ...(p.scoped ? { conditions: { dentalPracticeId: { $in: practiceIds } } } : {}) }));
}
const actor = (rules: AbilityRule[]) => buildAbility(rules);
const inPractices = (ids: number[]) => ({ dentalPracticeId: { $in: ids } });

describe('coversRights', () => {
  it('a Super Admin holds every right, a manager only their practices’ and never a Super Admin’s', () => {
    const superAdmin = actor(seeded('Super Admin', []));
    const managerOf1 = actor(seeded('Practice Manager', [1]));
    for (const role of ['Super Admin', 'Practice Manager', 'Clinical Staff', 'Viewer']) expect(coversRights(superAdmin, seeded(role, [1, 2])), role).toBe(true);
    expect(coversRights(managerOf1, seeded('Super Admin', []))).toBe(false);
    expect(coversRights(managerOf1, seeded('Super Admin', [1]))).toBe(false);
    for (const role of ['Practice Manager', 'Clinical Staff', 'Viewer']) {
      expect(coversRights(managerOf1, seeded(role, [1])), `${role} in 1`).toBe(true);
      expect(coversRights(managerOf1, seeded(role, [1, 2])), `${role} in 1 and 2`).toBe(false);
      expect(coversRights(managerOf1, seeded(role, [2])), `${role} in 2`).toBe(false);
    }
    expect(coversRights(actor(seeded('Practice Manager', [1, 2])), seeded('Practice Manager', [1]))).toBe(true);
  });

  it('a role in no practice grants only its unconditional rules', () => {
    const managerOf1 = actor(seeded('Practice Manager', [1]));
    expect(coversRights(managerOf1, seeded('Viewer', []))).toBe(true);
    expect(coversRights(actor(seeded('Viewer', [1])), seeded('Practice Manager', []))).toBe(false);
    expect(coversRights(actor([]), [])).toBe(true);
  });

  it('the actor’s "cannot" rules count against them', () => {
    const allButDeletingUsers = actor([{ action: 'manage', subject: 'all' }, { action: 'delete', subject: 'User', inverted: true }]);
    expect(coversRights(allButDeletingUsers, [{ action: 'read', subject: 'User', conditions: inPractices([1]) }])).toBe(true);
    expect(coversRights(allButDeletingUsers, [{ action: 'manage', subject: 'User', conditions: inPractices([1]) }])).toBe(false);
    expect(coversRights(allButDeletingUsers, seeded('Super Admin', []))).toBe(false);

    const allButStockOf2 = actor([{ action: 'manage', subject: 'all' }, { action: 'update', subject: 'Inventory', conditions: inPractices([2]), inverted: true }]);
    expect(coversRights(allButStockOf2, [{ action: 'update', subject: 'Inventory', conditions: inPractices([1]) }])).toBe(true);
    expect(coversRights(allButStockOf2, [{ action: 'update', subject: 'Inventory', conditions: inPractices([1, 2]) }])).toBe(false);
    expect(coversRights(allButStockOf2, [{ action: 'update', subject: 'Inventory' }])).toBe(false);
  });

  it('the user’s "cannot" rules take rights away and are not compared', () => {
    expect(coversRights(actor([]), [{ action: 'manage', subject: 'all', inverted: true }])).toBe(true);
  });

  it('field-limited rights cover only those fields', () => {
    const firstnameOnly = actor([{ action: 'update', subject: 'User', fields: ['firstname'] }]);
    expect(coversRights(firstnameOnly, [{ action: 'update', subject: 'User', fields: ['firstname'] }])).toBe(true);
    expect(coversRights(firstnameOnly, [{ action: 'update', subject: 'User', fields: ['firstname', 'email'] }])).toBe(false);
    expect(coversRights(firstnameOnly, [{ action: 'update', subject: 'User' }])).toBe(false);
    expect(coversRights(actor([{ action: 'update', subject: 'User' }]), [{ action: 'update', subject: 'User', fields: ['email'] }])).toBe(true);
  });

  it('"manage" and "all" are not covered by a list of actions or subjects; arrays are compared one by one', () => {
    const crud = actor((['create', 'read', 'update', 'delete'] as const).map((action) => ({ action, subject: 'Brand' })));
    expect(coversRights(crud, [{ action: 'manage', subject: 'Brand' }])).toBe(false);
    expect(coversRights(crud, [{ action: ['read', 'update'], subject: 'Brand' }])).toBe(true);
    expect(coversRights(crud, [{ action: 'read', subject: ['Brand', 'Category'] }])).toBe(false);
    expect(coversRights(actor([{ action: 'read', subject: 'Brand' }]), [{ action: 'read', subject: 'all' }])).toBe(false);
  });

  it('conditions of another form count as every record', () => {
    const managerOf1 = actor(seeded('Practice Manager', [1]));
    expect(coversRights(managerOf1, [{ action: 'read', subject: 'Procedure', conditions: { status: 'planned' } }])).toBe(false);
    expect(coversRights(actor([{ action: 'read', subject: 'Procedure' }]), [{ action: 'read', subject: 'Procedure', conditions: { status: 'planned' } }])).toBe(true);
  });
});

describe('ruleConditionsSchema', () => {
  it('accepts the practice form only', () => {
    const ok = [{ dentalPracticeId: { $in: '${user.practiceIds}' } }, { dentalPracticeId: { $in: [1, 2] } }, { dentalPracticeId: { $in: [] } }];
    for (const conditions of ok) expect(ruleConditionsSchema.safeParse(conditions).success, JSON.stringify(conditions)).toBe(true);
    for (const conditions of REFUSED_CONDITIONS) expect(ruleConditionsSchema.safeParse(conditions).success, JSON.stringify(conditions)).toBe(false);
  });
});
