/**
 * Prints the API's OpenAPI document (JSON), what API-key users generate clients from:
 * `node apps/server/scripts/openapi.ts > openapi.json` (PUBLIC_URL names the server).
 */
import { buildOpenApiDocument } from '../src/http/openapi-document.ts';

const env = process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {};
process.stdout.write(`${JSON.stringify(await buildOpenApiDocument(env), null, 2)}\n`);
