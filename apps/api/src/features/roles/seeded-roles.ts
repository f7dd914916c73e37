import type { Action, Subject } from '@enamel/contracts';
import { USER_PRACTICES } from '../../core/abilities.ts';

/** A permission as seeded: one CASL rule; `scoped` limits it to the user's practices. */
export interface SeedPermission {
  action: Action;
  subject: Subject;
  scoped?: boolean;
}

export interface SeedRole {
  name: string;
  description: string;
  permissions: SeedPermission[];
}

const CATALOG: Subject[] = ['Brand', 'Category', 'Product', 'ProcedureCode', 'ProcedureTemplate', 'Supplier'];
const rules = (action: Action, subjects: Subject[], scoped = false): SeedPermission[] =>
  subjects.map((subject) => ({ action, subject, ...(scoped ? { scoped } : {}) }));

/** The seeded roles (docs/product-rules.md#permissions). They are data: editable after the first start. */
export const SEEDED_ROLES: SeedRole[] = [
  {
    name: 'Super Admin',
    description: 'Everything, in every practice.',
    permissions: [{ action: 'manage', subject: 'all' }],
  },
  {
    name: 'Practice Manager',
    description: 'Catalog, inventory, procedures, reports and users of their practices.',
    permissions: [
      ...rules('manage', CATALOG),
      ...rules('manage', ['Inventory', 'Procedure', 'Report', 'Dashboard', 'Configuration', 'User', 'PurchaseOrder', 'StockTake', 'ApiToken', 'Webhook'], true),
      ...rules('read', ['DentalPractice', 'ActivityLog'], true),
      ...rules('update', ['DentalPractice'], true),
      ...rules('read', ['Role']),
    ],
  },
  {
    name: 'Clinical Staff',
    description: 'Record procedures, receive and consume stock, read the catalog.',
    permissions: [
      ...rules('read', CATALOG),
      ...rules('create', ['Procedure'], true),
      ...rules('read', ['Procedure', 'Inventory', 'Dashboard', 'DentalPractice'], true),
      ...rules('update', ['Procedure', 'Inventory'], true),
      ...rules('read', ['PurchaseOrder'], true),
      ...rules('receive', ['PurchaseOrder'], true),
      ...rules('read', ['StockTake'], true),
      ...rules('update', ['StockTake'], true),
    ],
  },
  {
    name: 'Viewer',
    description: 'Read only.',
    permissions: [
      ...rules('read', CATALOG),
      ...rules('read', ['Procedure', 'Inventory', 'Report', 'Dashboard', 'DentalPractice', 'PurchaseOrder', 'StockTake'], true),
    ],
  },
];

export function permissionName(p: SeedPermission): string {
  return `${p.action} ${p.subject}${p.scoped ? ' (own practices)' : ''}`;
}

export function permissionConditions(p: SeedPermission): Record<string, unknown> | null {
  return p.scoped ? { dentalPracticeId: { $in: USER_PRACTICES } } : null;
}
