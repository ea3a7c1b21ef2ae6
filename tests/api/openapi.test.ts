// The API contract: the committed openapi.json and schema.d.ts match what the routes produce
// (run `npm run gen:api` when this fails), and the document is served as JSON, YAML and docs.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_DTS, OPENAPI_JSON, renderOpenapi } from '../../server/openapi';
import { createTestApp, type TestApp } from '../support/app';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

describe('OpenAPI', () => {
  it('committed openapi/openapi.json and openapi/schema.d.ts are up to date (npm run gen:api)', async () => {
    const { json, dts } = await renderOpenapi(t.app);
    expect(readFileSync(OPENAPI_JSON, 'utf8')).toBe(json);
    expect(readFileSync(OPENAPI_DTS, 'utf8')).toBe(dts);
  });

  it('serves the document as JSON and YAML, and the interactive reference', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/schema/?format=json&lang=en' });
    expect(json.json().openapi).toBe('3.1.0');
    expect(Object.keys(json.json().paths)).toContain('/api/auth/mfa/otp/verify/');
    const yaml = await t.app.inject({ method: 'GET', url: '/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0/);
    expect((await t.app.inject({ method: 'GET', url: '/api/schema/?format=xml' })).json()).toHaveProperty('format');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route GET /api/nothing-here/.' });
  });
});
