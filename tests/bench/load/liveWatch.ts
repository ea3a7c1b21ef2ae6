// The live-update side of the load benchmark: each planner's scenario is open in two browsers, the
// planner's own and a colleague's (on the other API process when there are two), each an event
// stream. Every edit the server acknowledged must reach both as a change of that flight; the time
// from sending the edit to the event's arrival is recorded, and an edit whose event never came
// (within the grace after the run) is a lost event.
import { performance } from 'node:perf_hooks';
import { openEventStream, type EventStream, type StreamEvent } from '../../support/eventStream';

/** How long after the last edit its events may still arrive. */
const GRACE_MS = 5_000;

type Watcher = {
  scenarioId: number;
  /** Edits of a flight not yet announced on this stream: when each was sent. */
  pending: Map<number, number[]>;
  /** Announcements of a flight not yet matched to an edit (the event can beat the edit's answer). */
  early: Map<number, number[]>;
};

const push = (map: Map<number, number[]>, key: number, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
/** Takes the first value of `key` that `fits`, if any. */
function take(map: Map<number, number[]>, key: number, fits: (value: number) => boolean): number | undefined {
  const values = map.get(key) ?? [];
  const index = values.findIndex(fits);
  if (index < 0) return undefined;
  const [value] = values.splice(index, 1);
  return value;
}

export class LiveWatch {
  readonly latencies: number[] = [];
  readonly errors: string[] = [];
  private readonly watchers: Watcher[] = [];
  private readonly streams: EventStream[] = [];
  /** Acknowledged edits whose event a stream has not had yet. */
  private waiting = 0;
  /** Resolves finish()'s wait once nothing is waiting. */
  private allArrived: (() => void) | null = null;

  /** Opens a browser's stream of the scenario on `baseUrl` as the signed-in user. */
  async open(baseUrl: string, scenarioId: number, token: string): Promise<void> {
    const watcher: Watcher = { scenarioId, pending: new Map(), early: new Map() };
    const stream = await openEventStream(baseUrl, scenarioId, token, (event) => this.heard(watcher, event));
    if (typeof stream === 'number') {
      this.errors.push(`the event stream of scenario ${scenarioId} was refused: ${stream}`);
      return;
    }
    this.watchers.push(watcher);
    this.streams.push(stream);
  }

  /** An edit of `flightId` that the server acknowledged, sent at `sentAt` (performance.now()). */
  edited(scenarioId: number, flightId: number, sentAt: number): void {
    for (const watcher of this.watchers.filter((w) => w.scenarioId === scenarioId)) {
      const arrived = take(watcher.early, flightId, (at) => at >= sentAt);
      if (arrived === undefined) {
        push(watcher.pending, flightId, sentAt);
        this.waiting++;
      } else this.latencies.push(arrived - sentAt);
    }
  }

  private heard(watcher: Watcher, event: StreamEvent): void {
    const at = performance.now();
    if (event.event !== 'change' || event.data.set !== 'flights') return;
    for (const flightId of event.data.ids as number[]) {
      const sentAt = take(watcher.pending, flightId, () => true);
      if (sentAt === undefined) push(watcher.early, flightId, at);
      else {
        this.latencies.push(at - sentAt);
        if (--this.waiting === 0) this.allArrived?.();
      }
    }
  }

  /** Waits for the last events (at most the grace), closes the streams and answers how many never came. */
  async finish(): Promise<number> {
    if (this.waiting > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.allArrived = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, GRACE_MS))),
      ]);
      clearTimeout(timer);
    }
    for (const stream of this.streams) stream.close();
    return this.waiting;
  }
}
