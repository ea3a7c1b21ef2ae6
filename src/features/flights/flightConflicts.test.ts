import { describe, expect, it } from 'vitest';
import { describeChangedFlights } from './flightConflicts';
import type { Flight } from './flightRows';

const row = (values: Partial<Flight>) => ({ id: 7, load_factor: 0.85, seats: 180, updated_at: '2017-01-02T14:02:00Z', version: 3, ...values }) as Flight;

describe('describeChangedFlights', () => {
  it('names the flight, the time of the change and each value the other planner changed, from what the grid showed', () => {
    const shown = row({ version: 2, updated_at: '2017-01-02T13:00:00Z' });
    const [sentence] = describeChangedFlights(
      [row({ load_factor: 0.9 })],
      () => shown,
      () => 'DL 443',
    );
    const time = new Date('2017-01-02T14:02:00Z').toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(sentence).toBe(
      `DL 443 was changed by someone else at ${time} since you opened it: load factor 0.85 → 0.9. Their values are shown; make your change again to keep yours.`,
    );
    // Once the History has said who changed it, and when.
    const [named] = describeChangedFlights(
      [row({ load_factor: 0.9 })],
      () => shown,
      () => 'DL 443',
      new Map([[7, { by: 'Ana Ruiz', at: '2017-01-02T14:02:30Z' }]]),
    );
    expect(named).toBe(
      `DL 443 was changed by Ana Ruiz at ${time} since you opened it: load factor 0.85 → 0.9. Their values are shown; make your change again to keep yours.`,
    );
  });

  it('says (none) for an emptied value, and lists nothing when only bookkeeping changed', () => {
    const [emptied] = describeChangedFlights(
      [row({ seats: null as never })],
      () => row({}),
      () => 'B6 1',
    );
    expect(emptied).toContain(': seats 180 → (none).');
    const [same] = describeChangedFlights(
      [row({ version: 9 })],
      () => row({}),
      () => 'B6 1',
    );
    expect(same).toMatch(/since you opened it\. Their values/);
  });
});
