// `npm run gen:api`: writes openapi/openapi.json and openapi/schema.d.ts from the routes.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { OPENAPI_DTS, OPENAPI_JSON, renderOpenapi } from '../openapi';

const database = await openDatabase({ pglite: new PGlite() });
const app = await buildApp({ config: loadConfig({}), db: database.db, logger: false, serveClient: false });
const { json, dts } = await renderOpenapi(app);
writeFileSync(OPENAPI_JSON, json);
writeFileSync(OPENAPI_DTS, dts);
await app.close();
await database.close();
process.stdout.write(`wrote ${OPENAPI_JSON} and ${OPENAPI_DTS}\n`);
