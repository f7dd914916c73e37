import { createEnamelClient, type EnamelClient, type EnamelClientOptions } from '@enamel/client';
import type { IntegrationSource, SyncBody, SyncCursor, SyncReport } from '@enamel/contracts';

/**
 * Every HTTP call `npm run sync` makes, in one place, through the typed client (packages/client): read the cursor,
 * send a batch. The command sends `Authorization: Bearer <token>`; tests and benches may pass other headers.
 */
export interface EnamelApi {
  cursor(source: IntegrationSource, practiceId: number): Promise<SyncCursor | null>;
  sync(source: IntegrationSource, body: SyncBody): Promise<SyncReport>;
}

export class EnamelHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Enamel answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

/** The data of a 200 answer, else an EnamelHttpError with the status and the error body. */
function dataOf<T>(answer: { response: Response; data?: unknown; error?: unknown }): T {
  if (answer.response.status !== 200) throw new EnamelHttpError(answer.response.status, answer.error ?? null);
  return (answer.data as { data: T }).data;
}

export function enamelApi(client: EnamelClient): EnamelApi {
  return {
    cursor: async (source, practiceId) =>
      dataOf<{ cursor: SyncCursor | null }>(await client.GET('/api/integrations/{source}/cursor', { params: { path: { source }, query: { dental_practice_id: practiceId } } })).cursor,
    sync: async (source, body) => dataOf<SyncReport>(await client.POST('/api/integrations/{source}/sync', { params: { path: { source } }, body })),
  };
}

/** The API of the Enamel server at `baseUrl`, with a token (`npm run sync`) or other headers (tests). */
export const enamelApiAt = (options: EnamelClientOptions): EnamelApi => enamelApi(createEnamelClient(options));
