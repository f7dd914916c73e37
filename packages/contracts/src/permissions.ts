import { z } from 'zod';
import { col, fieldShape } from './list-fields.ts';
import { namedFields } from './lists/common-fields.ts';
import { ACTIONS, SUBJECTS } from './permission-names.ts';

/** A CASL rule as `GET /api/abilities` returns it. */
export const abilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  fields: z.array(z.string()).optional(),
  inverted: z.boolean().optional(),
});
export type AbilityRule = z.infer<typeof abilityRuleSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_system: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** POST /api/permission/create and …/update/{id}: one CASL rule. */
export const permissionBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  action: z.enum(ACTIONS),
  subject: z.enum(SUBJECTS),
  conditions: z.record(z.string(), z.unknown()).nullish(),
  fields: z.array(z.string().min(1).max(64)).max(50).nullish(),
  inverted: z.boolean().default(false),
});
export type PermissionBody = z.infer<typeof permissionBodySchema>;

/** A permission rule (with the permissions list's columns). */
export const permissionFields = {
  ...namedFields,
  action: col.text({ sort: true, filter: true, search: true }),
  subject: col.text({ sort: true, filter: true, search: true }),
  conditions: col.field(z.record(z.string(), z.unknown()).nullable()),
  fields: col.field(z.array(z.string()).nullable()),
  inverted: col.bool({ filter: true }),
};
export const permissionSchema = z.object(fieldShape(permissionFields));
export type Permission = z.infer<typeof permissionSchema>;

/** POST /api/role/create and …/update/{id}: a role is a named set of permissions. */
export const roleBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).nullish(),
  permission_ids: z.array(z.number().int().positive()).max(500),
});
export type RoleBody = z.infer<typeof roleBodySchema>;

export const roleDetailSchema = roleSchema.extend({ permission_ids: z.array(z.number().int()), users_count: z.number().int() });
export type RoleDetail = z.infer<typeof roleDetailSchema>;
