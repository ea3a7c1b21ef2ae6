// The playback's state at a minute, read from hand-made series whose answers are known.
import { describe, expect, it } from 'vitest';
import type { AirportOutput, QueueOutput } from '../../model/results';
import { busiestMinute, counterStateAt, losColour, meanWaitAt, nextMinute, playbackSpan, queueStateAt, totalsAt, type Playback } from './playbackState';

// Three minutes from 06:00; the desks' queue grows 0, 4, 9; security's 1, 0, 2.
const pb: Playback = {
  start_minutes: 360,
  minutes: 3,
  queues: {
    desks: { waiting: [0, 4, 9], busy: [1, 2, 3], open: [2, 3, 3] },
    security: { waiting: [1, 0, 2], busy: [1, 1, 1], open: [2, 2, 2] },
  },
  resources: { A01: { start_minutes: 361, busy: [0.2, 0.9], open: [1, 1] }, A02: { start_minutes: 360, busy: [0, 0, 0], open: [0.4, 1, 1] } },
  in_terminal: [10, 15, 22],
  missed_so_far: [0, 0, 1.5],
};

const queue = (target: number, waits: (number | null)[]): QueueOutput =>
  ({ los_target_minutes: target, wait_mean_series: { start_minutes: 355, values: waits } }) as unknown as QueueOutput;
const output = { bin_minutes: 5, queues: { desks: queue(20, [null, 4, 12, 30]), security: queue(10, [null, null, null]) } } as unknown as AirportOutput;

describe('the playback state at a minute', () => {
  it('reads each queue at the minute, clamped to the day the run covered', () => {
    expect(queueStateAt(pb, output, 'desks', 361.7)).toMatchObject({ waiting: 4, busy: 2, open: 3 });
    expect(queueStateAt(pb, output, 'desks', 100)).toMatchObject({ waiting: 0, open: 2 });
    expect(queueStateAt(pb, output, 'desks', 2000)).toMatchObject({ waiting: 9, open: 3 });
    expect(playbackSpan(pb)).toEqual({ from: 360, to: 362 });
  });

  it('colours a queue by the mean wait of the passengers joining in its report bin against the target', () => {
    // 06:00-06:04 is the bin from 355 + 5: mean wait 4 of a 20-minute target.
    expect(meanWaitAt(output.queues.desks, 5, 361)).toBe(4);
    expect(queueStateAt(pb, output, 'desks', 361).los).toBe('green');
    expect(queueStateAt(pb, output, 'security', 361).los).toBe('idle');
    expect(losColour(10, 20)).toBe('green');
    expect(losColour(10.5, 20)).toBe('amber');
    expect(losColour(20, 20)).toBe('amber');
    expect(losColour(20.5, 20)).toBe('red');
    expect(losColour(null, 20)).toBe('idle');
  });

  it('tells a counter closed, open and idle, or busy from its means over the replications', () => {
    expect(counterStateAt(pb, 'A01', 360)).toBe('closed'); // before its series starts
    expect(counterStateAt(pb, 'A01', 361)).toBe('idle');
    expect(counterStateAt(pb, 'A01', 362.5)).toBe('busy');
    expect(counterStateAt(pb, 'A02', 360)).toBe('closed'); // open less than half the minute
    expect(counterStateAt(pb, 'A02', 361)).toBe('idle');
    expect(counterStateAt(pb, 'Z99', 361)).toBe('closed');
  });

  it('adds up the terminal: inside, in queues, missed so far', () => {
    expect(totalsAt(pb, 362)).toEqual({ inTerminal: 22, inQueues: 11, missedSoFar: 1.5 });
    expect(totalsAt(pb, 360)).toEqual({ inTerminal: 10, inQueues: 1, missedSoFar: 0 });
  });

  it('moves the clock by the elapsed time at the speed, stopping at the end', () => {
    expect(nextMinute(360, 1000, 1, 1000)).toBe(361);
    expect(nextMinute(360, 500, 60, 1000)).toBe(390);
    expect(nextMinute(990, 1000, 60, 1000)).toBe(1000);
  });

  it('finds the minute the chosen queues hold the most passengers', () => {
    expect(busiestMinute(pb, ['desks'])).toBe(362);
    expect(busiestMinute(pb, ['security'])).toBe(362);
    expect(busiestMinute(pb, [])).toBe(360);
  });
});
