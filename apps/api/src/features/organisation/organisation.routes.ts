import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, organisationSchema, organisationUpdateBodySchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authenticated, authorize } from '../../core/guards.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { oneOf, recordErrors } from '../../core/route-schemas.ts';
import { organisation, updateOrganisationCurrency } from './organisation.service.ts';

const one = oneOf(organisationSchema);

/** The organisation's settings: everyone signed in reads them (money is shown in them); only organisation-wide settings managers change them. */
export default async function organisationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/organisation',
    { preValidation: authenticated(), schema: { tags: ['configuration'], summary: 'The organisation’s settings: the currency catalog prices are in', response: { 200: one, 401: errorBodySchema } } },
    async () => ({ success: true as const, data: await organisation(db) }),
  );

  app.post(
    '/api/organisation/update',
    {
      preValidation: [
        authorize('update', 'Configuration'),
        // Organisation-wide: a setting of every practice, so only who may change settings everywhere.
        async (request) => {
          if (practiceScope(await abilityFor(request), 'update', 'Configuration') !== 'all') throw new AppError('forbidden');
        },
      ],
      schema: { tags: ['configuration'], summary: 'Change the catalog currency (no conversion: needs confirm while products have prices, 409 otherwise); logged', body: organisationUpdateBodySchema, response: { 200: one, ...recordErrors } },
    },
    async (request) => {
      await updateOrganisationCurrency(db, actorOf(request), request.body);
      return { success: true as const, data: await organisation(db) };
    },
  );
}
