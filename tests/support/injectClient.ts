// The browser's kind of API client (openapi-fetch over the generated paths) whose requests go to a
// test app through inject() with a bearer token: browser code that takes a client (the simulation
// screen's loader) runs in API tests and benchmarks against the real routes, without a network.
import createClient from 'openapi-fetch';
import type { HTTPMethods } from 'fastify';
import type { paths } from '../../openapi/schema';
import type { TestApp } from './app';

export function injectClient(t: TestApp, token: string) {
  return createClient<paths>({
    baseUrl: 'http://app.test',
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const payload = request.body ? await request.text() : undefined;
      const res = await t.as(token, {
        method: request.method as HTTPMethods,
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(payload !== undefined && { payload }),
      });
      const headers = new Headers();
      for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(key, String(value));
      // A 204 has no body, and a Response refuses one.
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
    },
  });
}
