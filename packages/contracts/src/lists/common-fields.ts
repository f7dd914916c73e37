import { STATUSES } from '../dental-practices.ts';
import { col } from '../list-fields.ts';

/** The fields many lists share, each declared once with what a reader may do with it. */

/** A record's id, to sort and filter by. */
export const idField = col.int({ sort: true, filter: true });
/** A record's id and its name, searched. */
export const namedFields = { id: idField, name: col.text({ sort: true, filter: true, search: true }) };
/** Active or inactive. */
export const statusField = col.enum(STATUSES, { sort: true, filter: true });
/** When the record was made. */
export const createdAtField = col.date({ sort: true, filter: true });
/** The practice a record belongs to: its id (to filter a practice's records) and its name. */
export const practiceFields = { dental_practice_id: col.int({ filter: true }), dental_practice_name: col.text({ sort: true, filter: true, search: true }) };
/** The procedure code of a template or a procedure: its id (to filter by), code and name. */
export const procedureCodeFields = {
  procedure_code_id: col.int({ filter: true }),
  procedure_code: col.text({ sort: true, filter: true, search: true }),
  procedure_code_name: col.text({ sort: true, filter: true, search: true }),
};
/** What a template or a procedure consumes: how many items, and their cost (exact decimal text). */
export const consumptionFields = { items_count: col.int({ sort: true, filter: true }), consumable_cost: col.decimal({ sort: true, filter: true }) };
