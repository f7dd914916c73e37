import { eq, sql } from 'drizzle-orm';
import { stockTakeListContract } from '@enamel/contracts';
import { categories, dentalPractices, stockTakes, storageLocations, users } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

const id = sql.raw('"stock_takes"."id"');

/** Stock takes of the reader's practices, open and past (the route's scope names them). */
export const stockTakeList = bindList(stockTakeListContract, {
  table: stockTakes,
  columns: {
    dental_practice_name: dentalPractices.name,
    category_name: categories.name,
    location_name: storageLocations.name,
    lines_count: sql<number>`(select count(*)::int from stock_take_lines l where l.stock_take_id = ${id})`,
    counted_count: sql<number>`(select count(distinct c.stock_take_line_id)::int from stock_take_counts c join stock_take_lines l on l.id = c.stock_take_line_id where l.stock_take_id = ${id})`,
    started_by_name: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
    variance_value: sql<string | null>`(select sum(l.variance * l.unit_cost) from stock_take_lines l where l.stock_take_id = ${id} and "stock_takes"."status" = 'approved')`,
  },
  joins: [
    { inner: dentalPractices, on: eq(dentalPractices.id, stockTakes.dentalPracticeId) },
    { left: categories, on: eq(categories.id, stockTakes.categoryId) },
    { left: storageLocations, on: eq(storageLocations.id, stockTakes.locationId) },
    { left: users, on: eq(users.id, stockTakes.startedBy) },
  ],
  tiebreaker: stockTakes.id,
});
