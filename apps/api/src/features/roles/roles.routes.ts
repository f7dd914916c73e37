import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionBodySchema, permissionSchema, roleBodySchema, roleDetailSchema, roleSchema } from '@enamel/contracts';
import { permissions, roles } from '@enamel/db';
import { eq } from 'drizzle-orm';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerDeleteRoute } from '../../core/record-routes.ts';
import { idParams, oneOf, recordErrors as errors } from '../../core/route-schemas.ts';
import { permissionList } from './permissions.list.ts';
import { deletePermission, deleteRole, findRole, presentPermission, presentRole, savePermission, saveRole } from './role.service.ts';

const oneRole = oneOf(roleDetailSchema);
const onePermission = oneOf(permissionSchema);

export default async function rolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get(
    '/api/roles',
    { preValidation: authorize('read', 'Role'), schema: { tags: ['roles'], summary: 'All roles', response: { 200: z.object({ data: z.array(roleSchema) }), ...errors } } },
    async () => {
      const rows = await db.select().from(roles).orderBy(roles.name);
      return { data: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, is_system: r.isSystem })) };
    },
  );

  app.get(
    '/api/role/:id',
    { preValidation: authorize('read', 'Role'), schema: { tags: ['roles'], summary: 'One role with its permissions', params: idParams, response: { 200: oneRole, ...errors } } },
    async (request) => ({ success: true as const, data: await presentRole(db, await findRole(db, request.params.id)) }),
  );

  app.post(
    '/api/role/create',
    { preValidation: authorize('create', 'Role'), schema: { tags: ['roles'], summary: 'Create a role', body: roleBodySchema, response: { 201: oneRole, ...errors } } },
    async (request, reply) => reply.status(201).send({ success: true as const, data: await presentRole(db, await saveRole(db, actorOf(request), request.body)) }),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/role/update/:id',
    preValidation: authorize('update', 'Role'),
    schema: { tags: ['roles'], summary: 'Update a role; its users get the new rules on their next abilities load', params: idParams, body: roleBodySchema, response: { 200: oneRole, ...errors } },
    handler: async (request) => ({ success: true as const, data: await presentRole(db, await saveRole(db, actorOf(request), request.body, request.params.id)) }),
  });

  registerDeleteRoute(app, { url: '/api/role/delete/:id', tag: 'roles', subject: 'Role', summary: 'Delete a role nobody holds', remove: (request, id) => deleteRole(db, actorOf(request), id) });

  registerListRoute(app, { list: permissionList, guard: authorize('read', 'Permission'), tags: ['permissions'], summary: 'Permissions' });

  app.get(
    '/api/permission/:id',
    { preValidation: authorize('read', 'Permission'), schema: { tags: ['permissions'], summary: 'One permission', params: idParams, response: { 200: onePermission, ...errors } } },
    async (request) => {
      const [row] = await db.select().from(permissions).where(eq(permissions.id, request.params.id));
      if (!row) throw new AppError('not_found');
      return { success: true as const, data: presentPermission(row) };
    },
  );

  app.post(
    '/api/permission/create',
    { preValidation: authorize('create', 'Permission'), schema: { tags: ['permissions'], summary: 'Create a permission (a CASL rule)', body: permissionBodySchema, response: { 201: onePermission, ...errors } } },
    async (request, reply) => reply.status(201).send({ success: true as const, data: presentPermission(await savePermission(db, actorOf(request), request.body)) }),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/permission/update/:id',
    preValidation: authorize('update', 'Permission'),
    schema: { tags: ['permissions'], summary: 'Update a permission', params: idParams, body: permissionBodySchema, response: { 200: onePermission, ...errors } },
    handler: async (request) => ({ success: true as const, data: presentPermission(await savePermission(db, actorOf(request), request.body, request.params.id)) }),
  });

  registerDeleteRoute(app, { url: '/api/permission/delete/:id', tag: 'permissions', subject: 'Permission', summary: 'Delete a permission no role uses', remove: (request, id) => deletePermission(db, actorOf(request), id) });
}
