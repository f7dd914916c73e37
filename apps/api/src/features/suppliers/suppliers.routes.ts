import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { supplierBodySchema, supplierOfferBodySchema, supplierOfferSchema, supplierOptionSchema, supplierSchema } from '@enamel/contracts';
import { supplierOffers } from '@enamel/db';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerAllRoute, registerRecordRoutes } from '../../core/record-routes.ts';
import { supplierOfferList } from './offer.list.ts';
import { createOffer, deleteOffer, findOffer, presentOffer, setOfferStatus, updateOffer } from './offer.service.ts';
import { supplierList } from './supplier.list.ts';
import { allSuppliers, createSupplier, findSupplier, presentSupplier, setSupplierStatus, updateSupplier } from './supplier.service.ts';

const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** Suppliers (global, like the catalog) and their offers: list, detail, writes, pickers. Permissions: subject `Supplier`. */
export default async function supplierRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const tags = ['suppliers'];
  registerListRoute(app, { list: supplierList, guard: authorize('read', 'Supplier'), tags, summary: 'Suppliers' });
  registerAllRoute(app, { base: '/api/supplier', tag: 'suppliers', subject: 'Supplier', summary: 'Every supplier, active ones first, by name', item: supplierOptionSchema, all: () => allSuppliers(db) });
  registerRecordRoutes(app, {
    base: '/api/supplier',
    tag: 'suppliers',
    subject: 'Supplier',
    body: supplierBodySchema,
    record: supplierSchema,
    present: presentSupplier,
    find: findSupplier,
    create: createSupplier,
    update: updateSupplier,
    setStatus: setSupplierStatus,
  });

  registerListRoute(app, {
    list: supplierOfferList,
    guard: authorize('read', 'Supplier'),
    tags,
    summary: 'Supplier offers, of one product (`product_id`) or one supplier (`supplier_id`)',
    query: { product_id: optionalId, supplier_id: optionalId },
    scope: async (request) => {
      const { product_id, supplier_id } = request.query;
      const where: SQL[] = [];
      if (product_id !== undefined) where.push(eq(supplierOffers.productId, product_id));
      if (supplier_id !== undefined) where.push(eq(supplierOffers.supplierId, supplier_id));
      return where.length ? and(...where) : undefined;
    },
  });
  registerRecordRoutes(app, {
    base: '/api/supplier-offer',
    tag: 'suppliers',
    subject: 'Supplier',
    body: supplierOfferBodySchema,
    record: supplierOfferSchema,
    present: presentOffer,
    find: findOffer,
    create: createOffer,
    update: updateOffer,
    setStatus: setOfferStatus,
    remove: deleteOffer,
  });
}
