import type { CodeMapBody, IntegrationOverview, IntegrationSource, SyncReport } from '@enamel/contracts';
import { getData, postData } from '../../core/api.ts';

/** A source of one practice: its cursor, the codes rows wait for, the last sync reports (docs/open-dental.md). */
export async function fetchIntegration(source: IntegrationSource, practiceId: number): Promise<IntegrationOverview> {
  return getData<IntegrationOverview>(`/api/integrations/${source}`, { params: { dental_practice_id: practiceId } });
}

/** Maps a source code to an Enamel procedure code; the rows that waited for it are applied at once. */
export async function mapSourceCode(source: IntegrationSource, body: CodeMapBody): Promise<SyncReport> {
  return postData<SyncReport>(`/api/integrations/${source}/code-map`, body);
}
