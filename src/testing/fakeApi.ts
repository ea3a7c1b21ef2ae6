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

/** Who has a scenario open (the top bar asks): nobody else, unless a test says. */
const PRESENCE_PATH = /^\/api\/scenarios\/\d+\/presence\/$/;

/** A scenario's event stream (GET /api/scenarios/{id}/events/), which stays open. */
const EVENTS_PATH = /^\/api\/scenarios\/(\d+)\/events\/$/;

/** The open event streams, by scenario: a test sends the server's live changes through them. */
function eventStreams() {
  const open = new Map<number, Set<ReadableStreamDefaultController<Uint8Array>>>();
  const encoder = new TextEncoder();
  return {
    open(scenarioId: number, signal: AbortSignal | null): Response {
      let mine: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          mine = controller;
          const streams = open.get(scenarioId) ?? new Set();
          open.set(scenarioId, streams.add(controller));
          controller.enqueue(encoder.encode(`event: ready\ndata: {"scenario":${scenarioId}}\n\n`));
        },
        cancel: () => void open.get(scenarioId)?.delete(mine),
      });
      signal?.addEventListener('abort', () => {
        open.get(scenarioId)?.delete(mine);
        mine.error(new DOMException('aborted', 'AbortError'));
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    send(scenarioId: number, event: string, data: unknown): number {
      const streams = open.get(scenarioId) ?? new Set();
      for (const stream of streams) stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      return streams.size;
    },
  };
}

export function fakeApi(routes: Record<string, Handler> = {}) {
  const handlers = new Map(Object.entries({ ...BACKGROUND, ...routes }));
  const requests: RecordedRequest[] = [];
  const streams = eventStreams();

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
    const events = recorded.method === 'GET' && !handlers.has(`GET ${recorded.path}`) ? EVENTS_PATH.exec(recorded.path) : null;
    if (events) return streams.open(Number(events[1]), request.signal);
    const route = `${recorded.method} ${recorded.path}`;
    const handler = handlers.get(route) ?? (recorded.method === 'GET' && PRESENCE_PATH.test(recorded.path) ? { body: [] } : undefined);
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
    /**
     * Sends a change of the scenario's `set` (a table) down its open event streams, as the server
     * does for a committed write; answers how many streams were open.
     */
    change(scenarioId: number, set: string, ids: number[] = [], op: 'insert' | 'update' | 'delete' = 'update'): number {
      return streams.send(scenarioId, 'change', { scenario: scenarioId, set, op, ids, count: ids.length });
    },
    /** Tells the scenario's open event streams that changes may have been missed (the server's `resync`). */
    resync(scenarioId: number): number {
      return streams.send(scenarioId, 'resync', { scenario: scenarioId });
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
