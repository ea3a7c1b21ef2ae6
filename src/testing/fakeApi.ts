// Test helper: stands in for the API server behind `fetch`, answering per "METHOD /path" and
// recording every request (headers and JSON body) so tests can check what was sent.
import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type Answer = { status?: number; body?: unknown };
type Handler = Answer | ((request: RecordedRequest) => Answer);

/** What every screen may ask in passing, answered as on an installation past its first start. */
const BACKGROUND: Record<string, Handler> = {
  'GET /api/demo/status/': { body: { status: 'none', project_id: null, scenario_id: null, progress: 0, message: '' } },
};

export function fakeApi(routes: Record<string, Handler> = {}) {
  const handlers = new Map(Object.entries({ ...BACKGROUND, ...routes }));
  const requests: RecordedRequest[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      query: new URL(request.url).searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const handler = handlers.get(`${recorded.method} ${recorded.path}`);
    const answer = typeof handler === 'function' ? handler(recorded) : handler;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? (answer.body ?? {}) : { detail: 'Not found.' };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });

  return {
    fetch,
    requests,
    /** Adds or replaces the answer for "METHOD /path". */
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    /** The requests sent to "METHOD /path", in order. */
    sent(route: string): RecordedRequest[] {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
    install() {
      vi.stubGlobal('fetch', fetch);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
