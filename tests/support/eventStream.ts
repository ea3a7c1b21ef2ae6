// Reads a scenario's event stream (GET /api/scenarios/{id}/events/) as a browser's fetch does,
// parsed by the same parser the app uses, for the tests that wait for the server's live changes
// and the load benchmark.
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

export type StreamEvent = { event: string; data: Record<string, unknown> };

export type EventStream = {
  /** The next event the predicate accepts (the ones before it are dropped); throws after `ms`. */
  next(accept?: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Every event received since the last call and not yet taken by `next`. */
  drain(): StreamEvent[];
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/**
 * Opens the stream and waits for its `ready` event; the answer's status when it is refused. Each
 * event also goes to `onEvent` as it arrives (the load benchmark times them).
 */
export async function openEventStream(
  baseUrl: string,
  scenarioId: number,
  token: string,
  onEvent?: (event: StreamEvent) => void,
): Promise<EventStream | number> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/scenarios/${scenarioId}/events/`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (!response.ok || !response.body) return response.status;
  const received: StreamEvent[] = [];
  const waiting: { wake?: () => void } = {};
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done || !value) break;
      const message: EventSourceMessage = value;
      const event = { event: message.event ?? 'message', data: JSON.parse(message.data) as Record<string, unknown> };
      received.push(event);
      onEvent?.(event);
      waiting.wake?.();
    }
    waiting.wake?.();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  const stream: EventStream = {
    async next(accept = () => true, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = received.findIndex(accept);
        if (index >= 0) return received.splice(0, index + 1).at(-1)!;
        if (finished) throw new Error(`the stream ended; received ${JSON.stringify(received)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${ms} ms; received ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    drain: () => received.splice(0),
    ended,
    close: () => abort.abort(),
  };
  await stream.next((e) => e.event === 'ready');
  return stream;
}
