// The plan at a glance: positions per process summed over its groups on the finest period, and
// the notes gathered with the periods they name, running periods joined.
import { describe, expect, it } from 'vitest';
import { station, testPlan } from '../plan.fixture';
import { peakOf, periodsNamed, positionsByProcess, summariseNotes } from './overview';

const close = (when: string) => `${when}: 94.8 % ± 0.6 % within 10 min (target 95.0 %), too close to call at 400 replications`;

describe('positions per process', () => {
  it('sums the groups of a process beside the current plan and the terminal, trimmed to where anything opens', () => {
    const plan = testPlan();
    plan.stations['Zone B / common'] = station('checkin', 'Zone B / all airlines', [0, 2, 2, 0], [0, 0, 3, 3], 4);
    // Two airlines' groups of one zone share its 10 counters: they count once.
    plan.stations['Zone A / airline AA'] = station('checkin', 'Zone A / AA', [0, 0, 0, 0], [0, 0, 0, 0], 10);
    expect(positionsByProcess(plan)).toEqual([
      { kind: 'checkin', start: 360, periodMinutes: 30, sized: [3, 7, 8, 2], current: [6, 6, 9, 9], capacity: 14 },
      { kind: 'security', start: 360, periodMinutes: 30, sized: [2, 4, 4, 3], current: [6, 6, 6, 6], capacity: 8 },
    ]);
  });

  it('puts a group of longer periods on the finer periods of the others, and leaves out the quiet hours', () => {
    const plan = testPlan();
    plan.stations['Zone A / common'] = station('checkin', 'Zone A', [0, 0, 3, 5], [0, 0, 3, 3], 10);
    plan.stations['Zone B / common'] = { ...station('checkin', 'Zone B', [0, 2], [0, 2], 4), period_minutes: 60 };
    const [checkin] = positionsByProcess(plan);
    // Zone B's 07:00-08:00 is both 30-minute periods from 07:00.
    expect(checkin).toMatchObject({ start: 420, periodMinutes: 30, sized: [5, 7], current: [5, 5], capacity: 14 });
    expect(peakOf(checkin)).toEqual({ peak: 7, at: '07:30' });
  });
});

describe('notes gathered', () => {
  it('names the periods, joining running ones, and shows three ranges at most', () => {
    expect(periodsNamed([close('08:05-08:35'), close('08:35-09:05'), close('09:05-09:35')])).toBe('3 periods (08:05–09:35)');
    const scattered = ['06:00-06:30', '07:00-07:30', '08:00-08:30', '09:00-09:30', '09:30-10:00'].map(close);
    expect(periodsNamed(scattered)).toBe('5 periods (06:00–06:30, 07:00–07:30, 08:00–08:30, …)');
    expect(periodsNamed([close('23:30-00:00'), close('00:00-00:30')])).toBe('2 periods (23:30–00:30)');
    expect(periodsNamed(['minutes 0-30: too close to call'])).toBe('1 period');
  });

  it('keeps what no number of positions serves as it is, and gathers each kind into one line', () => {
    const missed = '07:00-07:30: even all 13 positions keep only 82.1 % within 10 min (target 95.0 %)';
    const below = '09:00-09:30: 93.1 % ± 0.5 % within 10 min (target 95.0 %) in verification, below the target';
    const { others, gathered } = summariseNotes([missed, close('08:05-08:35'), below, close('08:35-09:05')]);
    expect(others).toEqual([missed]);
    expect(gathered.map((g) => g.line)).toEqual([
      '2 periods (08:05–09:05) too close to call at the replication limit, not shown as met',
      '1 period (09:00–09:30) below the target in verification',
    ]);
  });
});
