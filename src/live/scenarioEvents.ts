// Reads a scenario's live changes from the server (GET /api/scenarios/{id}/events/, server-sent
// events) through the one API client, so the stream carries the session's token and a 401 signs
// out as any call does. The browser's EventSource cannot send a token, hence fetch and a parser.
// A dropped stream is opened again after a pause; changes may have been missed meanwhile, so the
// reader is told to reload everything (`resync`).
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { api } from '../api/client';

type ScenarioChange = { scenario: number; set: string; op: 'insert' | 'update' | 'delete'; ids: number[]; count: number };

/** What a screen hears: a change, or that it should reload everything it shows. */
export type LiveEvent = { kind: 'change'; change: ScenarioChange } | { kind: 'resync' };

/** Pauses before opening a dropped stream again, the last one repeated. */
const RETRY_MS = [1_000, 2_000, 5_000, 15_000];

type StreamEnd = 'refused' | 'dropped';

/**
 * Reads one stream until it ends: 'refused' when the server will not stream to this user (no
 * access, no such scenario, access lost meanwhile), 'dropped' otherwise.
 */
async function readStream(scenarioId: number, onEvent: (event: LiveEvent) => void, onReady: () => void, signal: AbortSignal): Promise<StreamEnd> {
  const { data, response } = await api.GET('/api/scenarios/{id}/events/', { params: { path: { id: scenarioId } }, parseAs: 'stream', signal });
  if (!response.ok || !data) return response.status >= 400 && response.status < 500 ? 'refused' : 'dropped';
  const reader = data.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'dropped';
    if (value.event === 'ready') onReady();
    else if (value.event === 'change') onEvent({ kind: 'change', change: JSON.parse(value.data) as ScenarioChange });
    else if (value.event === 'resync') onEvent({ kind: 'resync' });
    else if (value.event === 'revoked') return 'refused';
  }
}

/**
 * Follows the scenario's changes until `signal` aborts, opening the stream again when it drops;
 * once a stream opened again is ready, the reader is told to reload (changes made while it was
 * down were not heard). A refused stream is not asked for again.
 */
export async function followScenario(scenarioId: number, onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  let opened = 0;
  let failures = 0;
  const onReady = () => {
    if (opened++ > 0) onEvent({ kind: 'resync' });
    failures = 0;
  };
  while (!signal.aborted) {
    try {
      if ((await readStream(scenarioId, onEvent, onReady, signal)) === 'refused') return;
    } catch (error) {
      if (signal.aborted) return;
      console.warn(`The live updates of scenario ${scenarioId} stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]));
  }
}
