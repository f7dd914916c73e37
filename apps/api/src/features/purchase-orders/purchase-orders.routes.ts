import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  type Action, PURCHASE_ORDER_SEND_WARNINGS, purchaseOrderAnswerSchema, purchaseOrderCreateBodySchema, purchaseOrderReasonBodySchema, purchaseOrderReceiveBodySchema, purchaseOrderReturnBodySchema,
  purchaseOrdersCreatedSchema, purchaseOrdersFromSuggestionsBodySchema, purchaseOrderSupplierOptionsSchema, purchaseOrderUpdateBodySchema,
} from '@enamel/contracts';
import { purchaseOrders } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { requestLocale, translate } from '../../core/i18n.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute, sendDownload } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';
import { purchaseOrderList } from './purchase-order.list.ts';
import { purchaseOrderPdf } from './purchase-order.pdf.ts';
import {
  approveOrder, cancelOrder, createFromSuggestions, createOrder, findOrder, orderDetail, printPlanOf, receiveOrder, rejectOrder, returnToSupplier, sendOrder, submitOrder, supplierOptions, updateOrder,
} from './purchase-order.service.ts';

const practiceId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tags = ['purchase-orders'];
const sendAnswerSchema = purchaseOrderAnswerSchema.extend({ warnings: z.array(z.enum(PURCHASE_ORDER_SEND_WARNINGS)) });

export default async function purchaseOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The practice must be one the user may do `action` on PurchaseOrder in (404 when they cannot even read it). */
  async function checkPractice(request: FastifyRequest, action: Action, id: number) {
    ensurePracticeAccess(await abilityFor(request), action, 'PurchaseOrder', id);
  }
  /** The PO, checked against the reader's practices (404 for another practice's). */
  async function orderFor(request: FastifyRequest, action: Action, id: number) {
    const order = await findOrder(dbOf(request), id);
    await checkPractice(request, action, order.dentalPracticeId);
    return order;
  }
  const answer = async (request: FastifyRequest, id: number) => ({ success: true as const, data: await orderDetail(dbOf(request), id) });

  registerListRoute(app, {
    list: purchaseOrderList,
    guard: authorize('read', 'PurchaseOrder'),
    tags,
    summary: 'Purchase orders of the reader’s practices (number, supplier, status, total in the PO’s currency, sent, expected)',
    query: { dental_practice_id: practiceId.optional() },
    scope: async (request) => {
      const practice = request.query.dental_practice_id;
      if (practice !== undefined) {
        await checkPractice(request, 'read', practice);
        return eq(purchaseOrders.dentalPracticeId, practice);
      }
      return readerScope(purchaseOrders.dentalPracticeId, 'read', 'PurchaseOrder')(request);
    },
  });

  app.get(
    '/api/purchase-orders/suppliers',
    { preValidation: authorize('create', 'PurchaseOrder'), schema: { tags, summary: 'Active suppliers with their active offers (the New PO form’s choices)', response: { 200: purchaseOrderSupplierOptionsSchema, 401: recordErrors[401], 403: recordErrors[403] } } },
    async (request) => ({ data: (await supplierOptions(dbOf(request))) as z.infer<typeof purchaseOrderSupplierOptionsSchema>['data'] }),
  );

  app.get('/api/purchase-orders/:id', { preValidation: authorize('read', 'PurchaseOrder'), schema: { tags, summary: 'One purchase order with its lines and the lots received on them', params: idParams, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } } }, async (request) => {
    await orderFor(request, 'read', request.params.id);
    return answer(request, request.params.id);
  });

  app.get(
    '/api/purchase-orders/:id/pdf',
    { preValidation: authorize('export', 'PurchaseOrder'), schema: { tags, summary: 'The purchase order as the supplier receives it (PDF)', params: idParams, response: { ...recordErrors } } },
    async (request, reply) => {
      const order = await orderFor(request, 'export', request.params.id);
      const pdf = await purchaseOrderPdf(dbOf(request), await printPlanOf(dbOf(request), order.id), requestLocale(request));
      return sendDownload(reply, `${order.number}.pdf`, 'application/pdf', Readable.from([pdf]));
    },
  );

  app.post('/api/purchase-orders', { config: { idempotent: true }, preValidation: authorize('create', 'PurchaseOrder'), schema: { tags, summary: 'A draft purchase order by hand (practice, supplier, lines)', body: purchaseOrderCreateBodySchema, response: { 201: purchaseOrderAnswerSchema, ...recordErrors } } }, async (request, reply) => {
    await checkPractice(request, 'create', request.body.dental_practice_id);
    const id = await createOrder(dbOf(request), actorOf(request), request.body);
    return reply.status(201).send(await answer(request, id));
  });

  app.post(
    '/api/purchase-orders/from-suggestions',
    { config: { idempotent: true }, preValidation: authorize('create', 'PurchaseOrder'), schema: { tags, summary: 'Order suggestions → one draft per supplier, priced from the offers', body: purchaseOrdersFromSuggestionsBodySchema, response: { 201: purchaseOrdersCreatedSchema, ...recordErrors } } },
    async (request, reply) => {
      await checkPractice(request, 'create', request.body.dental_practice_id);
      return reply.status(201).send({ data: await createFromSuggestions(dbOf(request), actorOf(request), request.body) });
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/purchase-orders/:id/update',
    preValidation: authorize('update', 'PurchaseOrder'),
    schema: { tags, summary: 'A draft’s notes and lines (lines left out are removed; the total follows)', params: idParams, body: purchaseOrderUpdateBodySchema, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } },
    handler: async (request) => {
      await orderFor(request, 'update', request.params.id);
      await updateOrder(dbOf(request), actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id);
    },
  });

  const step = (verb: string, action: Action, summary: string, run: (request: FastifyRequest<{ Params: { id: number } }>) => Promise<unknown>) =>
    app.post(`/api/purchase-orders/:id/${verb}`, { preValidation: authorize(action, 'PurchaseOrder'), schema: { tags, summary, params: idParams, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } } }, async (request) => {
      await orderFor(request, action, request.params.id);
      await run(request);
      return answer(request, request.params.id);
    });

  step('submit', 'update', 'Submit a draft: above the practice’s approval threshold it awaits approval, otherwise it is approved', (request) => submitOrder(dbOf(request), actorOf(request), request.params.id));
  step('approve', 'approve', 'Approve a PO awaiting approval (not one’s own)', (request) => approveOrder(dbOf(request), actorOf(request), request.params.id));

  const withReason = (verb: string, action: Action, summary: string, run: (request: FastifyRequest, id: number, reason: string) => Promise<unknown>) =>
    app.post(`/api/purchase-orders/:id/${verb}`, { preValidation: authorize(action, 'PurchaseOrder'), schema: { tags, summary, params: idParams, body: purchaseOrderReasonBodySchema, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } } }, async (request) => {
      await orderFor(request, action, request.params.id);
      await run(request, request.params.id, request.body.reason);
      return answer(request, request.params.id);
    });
  withReason('reject', 'approve', 'Reject a PO awaiting approval: back to draft with the reason', (request, id, reason) => rejectOrder(dbOf(request), actorOf(request), id, reason));
  withReason('cancel', 'cancel', 'Cancel a PO nothing was received on, with the reason', (request, id, reason) => cancelOrder(dbOf(request), actorOf(request), id, reason));

  app.post('/api/purchase-orders/:id/send', { preValidation: authorize('send', 'PurchaseOrder'), schema: { tags, summary: 'E-mail the PO as a PDF to the supplier; expected = today + lead time', params: idParams, response: { 200: sendAnswerSchema, ...recordErrors } } }, async (request) => {
    await orderFor(request, 'send', request.params.id);
    const locale = requestLocale(request);
    const { warnings } = await sendOrder(dbOf(request), actorOf(request), request.params.id, async (plan, tx) => {
      // Read through the transaction: on the embedded database the pool's one connection is the transaction's.
      const pdf = await purchaseOrderPdf(tx, plan, locale);
      await app.deps.mailer.send({
        to: plan.supplier.email!,
        subject: translate(locale, 'purchase_orders.mail_subject', { number: plan.order.number, practice: plan.practice.name }),
        text: translate(locale, 'purchase_orders.mail_body', { supplier: plan.supplier.name, number: plan.order.number, practice: plan.practice.name, date: plan.expectedAt }),
        attachments: [{ filename: `${plan.order.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
    });
    return { ...(await answer(request, request.params.id)), warnings };
  });

  app.post('/api/purchase-orders/:id/receive', { config: { idempotent: true }, preValidation: authorize('receive', 'PurchaseOrder'), schema: { tags, summary: 'Receive goods against lines: lots and receive movements through the ledger, invoiced price, status', params: idParams, body: purchaseOrderReceiveBodySchema, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } } }, async (request) => {
    await orderFor(request, 'receive', request.params.id);
    await receiveOrder(dbOf(request), actorOf(request), request.params.id, request.body);
    return answer(request, request.params.id);
  });

  app.post(
    '/api/purchase-orders/:id/lines/:lineId/return',
    {
      config: { idempotent: true },
      preValidation: authorize('return', 'PurchaseOrder'),
      schema: { tags, summary: 'Return usage units of a received line to the supplier (FEFO or a lot), with the credit expected', params: idParams.extend({ lineId: idParams.shape.id }), body: purchaseOrderReturnBodySchema, response: { 200: purchaseOrderAnswerSchema, ...recordErrors } },
    },
    async (request) => {
      await orderFor(request, 'return', request.params.id);
      await returnToSupplier(dbOf(request), actorOf(request), request.params.id, request.params.lineId, request.body);
      return answer(request, request.params.id);
    },
  );
}
