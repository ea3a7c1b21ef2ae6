// The playback trace: minute by minute what a deterministic queue must show, on both paths, and
// the airport output's playback section against the run's own totals.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReplicationCore } from './engine';
import { Replication } from './eventLoop';
import { FeedForwardReplication } from './feedForward';
import { buildModel } from './model';
import { parseNetwork } from './network';
import { simulateSync } from './run';

// One server, 2-minute services, arrivals at 0, 0.5 and 1: the second waits from 0.5 to 2, the
// third from 1 to 4; services run 0-2, 2-4, 4-6.
const deterministic = parseNetwork({
  kind: 'network',
  seed: 1,
  sources: [{ id: 'in', to: 'desk', arrivals: { type: 'times', minutes: [0, 0.5, 1] } }],
  stations: [{ id: 'desk', servers: 1, service: { dist: 'deterministic', mean_minutes: 2 } }],
});

function traceOf(rep: ReplicationCore) {
  while (!rep.advance(100));
  return rep.result(0).trace!;
}

describe('the playback trace', () => {
  const model = buildModel(deterministic);
  for (const [path, make] of [
    ['event list', () => new Replication(model, 1, { trace: true })],
    ['feed-forward', () => new FeedForwardReplication(model, 1, { trace: true })],
  ] as const) {
    it(`records a deterministic queue minute by minute (${path})`, () => {
      const trace = traceOf(make());
      expect(trace.queue[0]).toEqual([0.5, 2, 1, 1, 0, 0, 0]);
      expect(trace.busy[0]).toEqual([1, 1, 1, 1, 1, 1, 0]);
      expect(trace.open[0]).toEqual([1, 1, 1, 1, 1, 1, 0]);
      // The arrival at minute 1 counts in minute 1; the last departure, at 6, in minute 6.
      expect(trace.entered).toEqual([2, 1, 0, 0, 0, 0, 0]);
      expect(trace.left).toEqual([0, 0, 1, 0, 1, 0, 1]);
      expect(trace.missed).toEqual([0, 0, 0, 0, 0, 0, 0]);
    });
  }

  it('is not kept unless asked for', () => {
    const rep = new Replication(model, 1);
    while (!rep.advance(100));
    expect(rep.result(0).trace).toBeUndefined();
  });
});

describe("the airport output's playback", () => {
  const doc = JSON.parse(readFileSync(new URL('./examples/airport.json', import.meta.url), 'utf8'));
  const run = (playback: boolean) =>
    simulateSync({ ...doc, settings: { ...doc.settings, playback } }, { replications: 2 }, { clock: () => 0 }) as {
      playback?: {
        minutes: number;
        start_minutes: number;
        queues: Record<string, { waiting: number[]; busy: number[]; open: number[] }>;
        in_terminal: number[];
        missed_so_far: number[];
      };
      missed_passengers: number;
      queues: Record<string, { queue_length_mean: number }>;
    };

  it('ends with every missed passenger counted and nobody left inside', () => {
    const out = run(true);
    const pb = out.playback!;
    expect(pb.missed_so_far.at(-1)).toBeCloseTo(out.missed_passengers, 6);
    expect(pb.in_terminal.at(-1)).toBe(0);
    expect(Math.max(...pb.in_terminal)).toBeGreaterThan(50);
    // Minute means of the queue agree with the report's mean over the run.
    for (const [id, q] of Object.entries(pb.queues)) {
      const mean = q.waiting.reduce((a, b) => a + b, 0) / pb.minutes;
      expect(mean, id).toBeCloseTo(out.queues[id].queue_length_mean, 0);
      q.busy.forEach((b, m) => expect(b, `${id} busy at minute ${m}`).toBeLessThanOrEqual(q.open[m] + 1e-9));
    }
  });

  it('is left out of ordinary runs, which give the same results', () => {
    const plain = run(false);
    const traced = run(true);
    expect(plain.playback).toBeUndefined();
    expect(plain.missed_passengers).toBe(traced.missed_passengers);
    expect(plain.queues).toEqual(Object.fromEntries(Object.entries(traced.queues)));
  });
});
