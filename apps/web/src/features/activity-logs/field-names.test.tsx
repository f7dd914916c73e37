import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '@enamel/contracts';
import { stubHttp } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { ActivityLogListPage } from './ActivityLogListPage.tsx';
import { fieldKey } from './field-names.ts';

/** The bodies of every audited write: an update logs the fields it changed, a create the stored row (snake_case in the bodies). */
const AUDITED_BODIES: Array<z.ZodObject> = [
  contracts.brandBodySchema, contracts.categoryBodySchema, contracts.productBodySchema, contracts.procedureCodeBodySchema,
  contracts.procedureTemplateBodySchema, contracts.dentalPracticeBodySchema, contracts.inventoryAddBodySchema, contracts.inventoryUpdateBodySchema,
  contracts.receiveBodySchema, contracts.adjustBodySchema, contracts.transferBodySchema, contracts.writeOffBodySchema,
  contracts.procedureBodySchema, contracts.procedureItemUpdateBodySchema, contracts.createUserBodySchema, contracts.updateUserBodySchema,
  contracts.updateProfileBodySchema, contracts.roleBodySchema, contracts.permissionBodySchema, contracts.configurationCreateBodySchema,
  contracts.configurationUpdateBodySchema, contracts.organisationUpdateBodySchema, contracts.schedulerJobUpdateSchema,
  contracts.supplierBodySchema, contracts.supplierOfferBodySchema, contracts.purchaseOrderCreateBodySchema, contracts.purchaseOrderUpdateBodySchema,
  contracts.purchaseOrderReasonBodySchema, contracts.purchaseOrderReturnBodySchema, contracts.applySuggestionsBodySchema, contracts.productSuccessionBodySchema,
];
/** The audited records' list fields: their stored columns (a create logs the whole row), and the values shown beside them. */
const AUDITED_LISTS = [
  contracts.brandListContract, contracts.categoryListContract, contracts.productListContract, contracts.procedureCodeListContract,
  contracts.procedureTemplateListContract, contracts.dentalPracticeListContract, contracts.inventoryListContract, contracts.procedureListContract,
  contracts.userListContract, contracts.permissionListContract, contracts.configurationListContract, contracts.schedulerJobListContract,
  contracts.archiveListContract, contracts.supplierListContract, contracts.supplierOfferListContract, contracts.purchaseOrderListContract,
];
/** Stored columns and extra values the API logs that no contract declares (row stamps, a role's system flag, an import's tally…). */
const LOGGED_BEYOND_CONTRACTS = [
  'id', 'created_at', 'updated_at', 'created_by', 'is_system', 'digest', 'digest_sent_at', 'last_login_at', 'first_id', 'last_id',
  'stock', 'item_id', 'products_priced', 'size_bytes', 'removed', 'seeded', 'file', 'kind', 'rows', 'created', 'updated', 'skipped',
];
/** Never logged (the API redacts secrets). */
const REDACTED = new Set(['password', 'password_confirmation', 'current_password']);

type Messages = { [key: string]: string | Messages };
const en = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../public/locales/en/translation.json'), 'utf8')) as Messages;
const lookup = (key: string) => key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), en);

describe('field names in the activity log', () => {
  it('every field an audited record logs has a name in en', () => {
    const stored = new Set(AUDITED_LISTS.flatMap((list) => Object.keys(list.row.shape)));
    const written = AUDITED_BODIES.flatMap((body) => Object.keys(body.shape));
    const fields = new Set([...written, ...LOGGED_BEYOND_CONTRACTS, ...stored].filter((f) => !REDACTED.has(f)));
    expect(fields.size).toBeGreaterThan(60);
    const missing = [...fields].filter((f) => typeof lookup(fieldKey(f)) !== 'string');
    expect(missing).toEqual([]);
  });

  it('names a database column (camelCase) and a body field (snake_case) alike', () => {
    expect(fieldKey('reorderPoint')).toBe('activityLog.fields.reorder_point');
    expect(fieldKey('reorder_point')).toBe('activityLog.fields.reorder_point');
    expect(fieldKey('dentalPracticeId')).toBe('activityLog.fields.dental_practice_id');
  });
});

describe('ActivityLogListPage', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('shows the changed fields by their names, and an unknown one as it is', async () => {
    const row = {
      id: 7, created_at: '2026-11-20T10:00:00.000Z', user_id: 1, user_email: 'admin@example.test', dental_practice_id: 1, dental_practice_name: 'Harbour Dental',
      action: 'update', subject: 'Inventory', subject_id: '3', ip: '127.0.0.1',
      before: { reorderPoint: '5.0000', mystery_value: 1 }, after: { reorderPoint: '8.0000', mystery_value: 2 },
    };
    restore = stubHttp(api, { 'GET /api/admin/list/logs': () => ({ status: 200, data: { data: [row], meta: { current_page: 1, last_page: 1, per_page: 25, total: 1, from: 1, to: 1 }, links: { first: null, last: null, prev: null, next: null } } }) }).restore;
    renderRoutes([{ path: '/', element: <ActivityLogListPage /> }], '/');
    const tableRow = await screen.findByTestId('data-table-row', {}, { timeout: 5000 });
    fireEvent.keyDown(tableRow, { key: 'Enter' });
    const changes = await screen.findByTestId('activity-log-changes', {}, { timeout: 5000 });
    await waitFor(() => expect(within(changes).getByText('Reorder point')).toBeTruthy());
    expect(within(changes).getByText('mystery_value')).toBeTruthy();
    expect(within(changes).queryByText('reorderPoint')).toBeNull();
  }, 20_000);
});
