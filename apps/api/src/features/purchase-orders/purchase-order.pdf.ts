import { inArray } from 'drizzle-orm';
import { toDecimal, type Locale } from '@enamel/contracts';
import { products, type Database } from '@enamel/db';
import { translate } from '../../core/i18n.ts';
import { pdfTable } from '../../core/pdf-table.ts';
import type { Tx } from '../stock/index.ts';
import type { SendPlan } from './purchase-order.service.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts);
}

/**
 * The order as the supplier receives it: an A4 table through the one PDF path (core/pdf-table.ts) — their SKU, the
 * product, the pack, quantity, price and line total in the order's currency, and the total.
 */
export async function purchaseOrderPdf(db: Database | Tx, plan: Omit<SendPlan, 'expectedAt'> & { expectedAt: string | null }, locale: Locale): Promise<Buffer> {
  const { order, supplier, lines, practice } = plan;
  const word = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);
  const names = lines.length ? await db.select({ id: products.id, name: products.name, sku: products.sku, usageUnit: products.usageUnit }).from(products).where(inArray(products.id, lines.map((l) => l.productId))) : [];
  const byId = new Map(names.map((p) => [p.id, p]));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency });
  const now = new Date();
  async function* rows() {
    for (const line of lines) {
      const product = byId.get(line.productId);
      yield [
        line.supplierSku ?? product?.sku ?? '',
        product?.name ?? '',
        `${line.purchaseUnit} (${number.format(Number(line.unitsPerPurchaseUnit))} ${product?.usageUnit ?? ''})`,
        number.format(Number(line.quantity)),
        money.format(Number(line.unitPrice)),
        money.format(Number(toDecimal(line.quantity).times(line.unitPrice).toFixed(4))),
      ];
    }
  }
  return bytesOf(
    pdfTable({
      lang: locale,
      title: word('purchase_orders.pdf.title', { number: order.number }),
      lines: [
        word('purchase_orders.pdf.to', { supplier: supplier.name, account: supplier.accountNumber ?? '—' }),
        word('purchase_orders.pdf.deliver', { practice: practice.name }),
        ...(plan.expectedAt ? [word('purchase_orders.pdf.expected', { date: plan.expectedAt })] : []),
        ...(order.notes ? [order.notes] : []),
      ],
      columns: [
        { label: word('purchase_orders.pdf.sku'), align: 'left' },
        { label: word('purchase_orders.pdf.product'), align: 'left' },
        { label: word('purchase_orders.pdf.pack'), align: 'left' },
        { label: word('purchase_orders.pdf.quantity'), align: 'right' },
        { label: word('purchase_orders.pdf.price'), align: 'right' },
        { label: word('purchase_orders.pdf.total'), align: 'right' },
      ],
      rows: rows(),
      totals: () => [[word('purchase_orders.pdf.total'), '', '', '', '', money.format(Number(order.total))]],
      empty: word('purchase_orders.pdf.empty'),
      generated: word('report.pdf.generated', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: practice.timeZone }).format(now) }),
      page: (page, pages) => word('report.pdf.page', { page, pages }),
    }),
  );
}
