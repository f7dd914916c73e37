import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_SCHEMAS, DASHBOARD_WIDGETS, MONEY_WIDGETS, dashboardMetaSchema, dashboardQuerySchema, mostUsedQuerySchema, type DashboardData, type DashboardWidget } from '@enamel/contracts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { recordErrors } from '../../core/route-schemas.ts';
import { practiceContext, type PracticeContext } from '../practice-context/index.ts';
import { metaOf } from './dashboard-meta.ts';
import { consumableCost } from './widgets/consumable-cost.ts';
import { criticalItems } from './widgets/critical-items.ts';
import { daysToZero } from './widgets/days-to-zero.ts';
import { deadStock } from './widgets/dead-stock.ts';
import { forecastChart } from './widgets/forecast-chart.ts';
import { inventoryValue } from './widgets/inventory-value.ts';
import { lowStock } from './widgets/low-stock.ts';
import { mostUsedItems } from './widgets/most-used.ts';
import { supplySpendWidget } from './widgets/supply-spend.ts';

type WidgetQuery = z.infer<typeof mostUsedQuerySchema>;

export const WIDGETS: { [W in DashboardWidget]: (ctx: PracticeContext, query: WidgetQuery) => Promise<DashboardData<W>> } = {
  'most-frequently-used-items': (ctx, query) => mostUsedItems(ctx, query.period),
  'dead-stock-data': deadStock,
  'inventory-value-data': inventoryValue,
  'cost-of-consumable-inventory': consumableCost,
  'low-stock-data': lowStock,
  'upcoming-month-critical-items-data': criticalItems,
  'procedure-forecast-data': (ctx) => forecastChart(ctx, 'procedure_code'),
  'demand-forecast-data': (ctx) => forecastChart(ctx, 'product'),
  'day-to-zero-data': daysToZero,
  'supply-spend-data': supplySpendWidget,
};

const SUMMARIES: Record<DashboardWidget, string> = {
  'most-frequently-used-items': 'Products consumed most in the chosen days (period: 30, 90 or 365; 90 by default) before the date, with their cost',
  'dead-stock-data': 'Stock with no consumption for the practice’s dead-stock days, and the value it ties up',
  'inventory-value-data': 'Stock value at the date by category, and at each of the last twelve month ends',
  'cost-of-consumable-inventory': 'Consumable cost per month, and the average consumable cost per procedure code',
  'low-stock-data': 'Products at or below their reorder point, with the order up to par in purchase units',
  'upcoming-month-critical-items-data': 'Products whose next-30-day forecast demand plus safety stock exceeds stock, and lots expiring soon',
  'procedure-forecast-data': 'History and forecast of procedures per code, with intervals (from the stored run)',
  'demand-forecast-data': 'History and forecast of a product’s demand, with intervals (from the stored run)',
  'day-to-zero-data': 'Expected days until each product’s stock reaches zero, with a low/high band',
  'supply-spend-data': 'This month’s supply spend (received, and sent but not received) against the budget, the last twelve months, and this month’s stock-out days',
};

/**
 * The dashboard's calls for one practice as of a date. They read the ledger and the stored forecast run
 * (never forecasting during a request). Reading the dashboard needs `read Dashboard` in the practice; the
 * widgets that show money also need `read Inventory` there (its stock value).
 */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  for (const widget of DASHBOARD_WIDGETS) {
    app.get(
      `/api/admin/dashboard/${widget}`,
      {
        preValidation: authorize('read', 'Dashboard'),
        schema: {
          tags: ['dashboard'],
          summary: SUMMARIES[widget],
          // Only the most-used widget reads a period; the others keep the common query.
          querystring: widget === 'most-frequently-used-items' ? mostUsedQuerySchema : dashboardQuerySchema,
          response: { 200: z.object({ success: z.literal(true), data: DASHBOARD_SCHEMAS[widget], meta: dashboardMetaSchema }), ...recordErrors },
        },
      },
      async (request) => {
        const ability = await abilityFor(request);
        ensurePracticeAccess(ability, 'read', 'Dashboard', request.query.dental_practice_id);
        if (MONEY_WIDGETS.includes(widget)) ensurePracticeAccess(ability, 'read', 'Inventory', request.query.dental_practice_id);
        const ctx = await practiceContext(db, request.query);
        return { success: true as const, data: await WIDGETS[widget](ctx, request.query), meta: metaOf(ctx) };
      },
    );
  }
}
