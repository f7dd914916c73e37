// `npm run client:generate`: the typed client's types (packages/client/src/schema.d.ts) from the API's OpenAPI document, built without a server.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../apps/api/src/openapi-document.ts';
import { SCHEMA_FILE, generateTypes } from '../packages/client/scripts/generate-types.ts';

const text = await generateTypes(await buildOpenApiDocument());
fs.writeFileSync(SCHEMA_FILE, text);
console.info(`wrote ${fileURLToPath(SCHEMA_FILE)} (${text.length} characters)`);
