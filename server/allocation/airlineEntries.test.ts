// Airline common check-in entries: clusters of overlapping or touching windows per airline, and
// the superposed turn-up profile that gives the cluster exactly its flights' arrivals.
import { describe, expect, it } from 'vitest';
import { sizeFlight, type TurnUp } from '../../workers/alloc/checkinSizing';
import { airlineClusters, mostCommonRow, superposedProfile, type FlightWindow } from './airlineEntries';

/** Three 30-minute bins from 120 to 30 minutes before STD. */
const PROFILE: TurnUp[] = [
  { before: 120, share: 20 },
  { before: 90, share: 50 },
  { before: 60, share: 30 },
];

const flight = (id: string, airlineId: number, std: number, passengers = 100, row: string | null = 'A'): FlightWindow => ({
  id,
  airlineId,
  std,
  open: std - 120,
  close: std - 30,
  passengers,
  profile: PROFILE,
  row,
});

describe('airlineClusters', () => {
  it("merges an airline's overlapping and touching windows, keeps a gap apart, and never mixes airlines", () => {
    const clusters = airlineClusters([
      flight('early', 1, 360), // 240-330
      flight('overlap', 1, 420), // 300-390
      flight('touch', 1, 510), // 390-480: touches the previous window
      flight('evening', 1, 1320), // 1200-1290: a gap of hours
      flight('other', 2, 400), // another airline at the same time
    ]);
    expect(clusters.map((c) => [c.airlineId, c.flights.map((f) => f.id), c.open, c.close, c.std])).toEqual([
      [1, ['early', 'overlap', 'touch'], 240, 480, 510],
      [2, ['other'], 280, 370, 400],
      [1, ['evening'], 1200, 1290, 1320],
    ]);
  });

  it('sums the passengers and keeps a window that a later-opening flight closes inside', () => {
    const long = { ...flight('long', 1, 600, 300), open: 360, close: 540 };
    const [cluster] = airlineClusters([long, flight('inside', 1, 500, 50), flight('after', 1, 640, 20)]);
    // 'after' opens at 520, inside the long window (360-540): one cluster.
    expect(cluster.flights.map((f) => f.id)).toEqual(['long', 'inside', 'after']);
    expect(cluster.passengers).toBe(370);
    expect([cluster.open, cluster.close, cluster.std]).toEqual([360, 610, 640]);
  });
});

describe('superposedProfile', () => {
  it("shifts each flight's slots by its STD before the cluster's and weights them by passengers", () => {
    const profile = superposedProfile([flight('a', 1, 600, 100), flight('b', 1, 630, 300)], 630);
    expect(profile).toEqual([
      { before: 150, share: 20 }, // a's first bin, 30 minutes earlier
      { before: 120, share: 50 + 60 }, // a's second and b's first fall together
      { before: 90, share: 30 + 150 },
      { before: 60, share: 90 },
    ]);
  });

  it('gives the engine exactly the arrivals of the flights sized one by one', () => {
    const flights = [flight('a', 1, 600, 120), flight('b', 1, 655, 200), flight('c', 1, 700, 80)];
    const std = 700;
    const rules = { slotMinutes: 5, serviceSeconds: 120, maxQueueMinutes: 20, serviceLevel: 0.95 };
    const window = { open: 480, close: 670, std, passengers: 400 };
    const together = sizeFlight('cluster', window, superposedProfile(flights, std), rules);
    const arrivals = new Map<number, number>();
    for (const f of flights) {
      for (const s of sizeFlight(f.id, { ...f, passengers: f.passengers }, f.profile, rules).slots)
        arrivals.set(s.start, (arrivals.get(s.start) ?? 0) + s.arrivals);
    }
    for (const s of together.slots) expect(s.arrivals, `slot ${s.start}`).toBeCloseTo(arrivals.get(s.start) ?? 0, 9);
    expect(together.slots.reduce((n, s) => n + s.arrivals, 0)).toBeCloseTo(400, 9);
  });

  it('weights flights equally when none has passengers', () => {
    const profile = superposedProfile([flight('a', 1, 600, 0), flight('b', 1, 600, 0)], 600);
    expect(profile.map((p) => p.share)).toEqual([0.4, 1, 0.6]);
  });
});

describe('mostCommonRow', () => {
  it('takes the row most flights use, the first seen on a tie, none when no flight has one', () => {
    expect(mostCommonRow([flight('a', 1, 600, 1, 'B'), flight('b', 1, 600, 1, 'A'), flight('c', 1, 600, 1, 'A')])).toBe('A');
    expect(mostCommonRow([flight('a', 1, 600, 1, 'B'), flight('b', 1, 600, 1, 'A')])).toBe('B');
    expect(mostCommonRow([flight('a', 1, 600, 1, null), flight('b', 1, 600, 1, 'C')])).toBe('C');
    expect(mostCommonRow([flight('a', 1, 600, 1, null)])).toBeNull();
  });
});
