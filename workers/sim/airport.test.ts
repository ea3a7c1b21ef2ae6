// The airport model on scenarios small enough to check by hand, plus its validation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apportion } from './airport';
import { SimError } from './errors';
import { simulateSync } from './run';

const clock = () => performance.now();

/**
 * One flight, STD 10:00, 10 passengers who all turn up between 07:00 and 07:01. One counter with
 * 4-minute deterministic service opens for the flight 08:00-08:20 (check-in closes 100 minutes
 * before STD, at 08:20). So passengers start at 08:00, 08:04, ..., 08:16: five served, five miss.
 * One bag each, no transport time, make-up open 08:10-08:15: bags at 08:04 and 08:08 are early,
 * 08:12 on time, 08:16 and 08:20 late.
 */
const handChecked = () => ({
  kind: 'airport',
  seed: 5,
  settings: { checkin_close_minutes: 100, bag_transport_minutes: 0 },
  turnup_profiles: [{ id: 'all-at-7', bin_minutes: 1, earliest_minutes: 180, shares: [100] }],
  flights: [{ id: 'XY100', airline: 'XY', std_minutes: 600, passengers: 10, turnup_profile: 'all-at-7', segregations: [{ name: 'Y', share: 100 }] }],
  resources: [
    { id: 'C1', type: 'fullservice', mean_service_minutes: 4, service_cv: 0 },
    { id: 'S1', type: 'security', mean_service_minutes: 1, service_cv: 0 },
    { id: 'MU1', type: 'makeup_carousel' },
  ],
  resource_allocations: [{ resource: 'C1', flight: 'XY100', from_minutes: 480, to_minutes: 500 }],
  flow: {
    splits: [{ airline: 'XY', segregation: 'Y', to: [{ node: 'Q1', proportion: 100 }] }],
    queues: [{ id: 'Q1', resources: ['C1'], to: [{ node: 'SEC', proportion: 100 }] }],
    outputs: [{ id: 'SEC', resources: ['S1'] }],
  },
  bag_rules: [{ bags_per_passenger: 1 }],
  makeup_allocations: [{ flight: 'XY100', segregation: 'Y', resource: 'MU1', from_minutes: 490, to_minutes: 495 }],
});

describe('the airport model on one flight', () => {
  const out = simulateSync(handChecked(), {}, { clock });
  if (out.kind !== 'airport') throw new Error('expected an airport output');

  it('counts the passengers who miss the counter close', () => {
    expect(out.flights[0]).toMatchObject({ id: 'XY100', passengers: 10, missed: 5 });
    expect(out.missed_passengers).toBe(5);
    expect(out.queues.Q1).toMatchObject({ arrivals: 10, served: 5, missed: 5 });
    expect(out.queues.SEC).toMatchObject({ arrivals: 5, served: 5, missed: 0 });
  });
  it('has the waits of a counter opening at 08:00 with 4-minute service', () => {
    // Waits are 60 + 4k minutes less the arrival offset inside the first minute, k = 0..4.
    expect(out.queues.Q1.wait_mean_minutes).toBeGreaterThan(67);
    expect(out.queues.Q1.wait_mean_minutes).toBeLessThan(68);
    expect(out.queues.Q1.share_within_target).toBe(0);
    expect(out.queues.SEC.wait_mean_minutes).toBe(0);
    expect(out.queues.SEC.share_within_target).toBe(1);
    expect(out.resources.C1.utilisation).toBeCloseTo(1, 12);
  });
  it('reports utilisation over time where the resource was open', () => {
    // The counter serves without a break while it is open, 08:00-08:20.
    expect(out.resources.C1.utilisation_series).toEqual({
      start_minutes: 480,
      values: [1, 1, 1, 1],
      low: [null, null, null, null],
      high: [null, null, null, null],
    });
    // Security is open all along and busy one minute in each bin from 08:00 (08:04, 08:08, ...,
    // 08:20); the run ends at 08:21, and its last bin still counts as five open minutes.
    const security = out.resources.S1.utilisation_series;
    expect(security.start_minutes).toBe(420);
    expect(security.values.slice(0, 12)).toEqual(new Array(12).fill(0));
    expect(security.values.slice(12).map((v) => v!.toFixed(6))).toEqual(['0.200000', '0.200000', '0.200000', '0.200000', '0.200000']);
    expect(out.queues.SEC.utilisation_series.values).toEqual(security.values);
  });
  it('reports the longest queue at any moment', () => {
    expect(out.queues.Q1.queue_length_max).toBe(10);
    expect(out.queues.SEC.queue_length_max).toBe(0);
  });
  it('holds the queue while the counter is closed', () => {
    // The series starts at 07:00, the first turn-up; 5-minute bins.
    const q = out.queues.Q1.queue_length_series;
    expect(q.start_minutes).toBe(420);
    expect(q.values.slice(2, 12)).toEqual(new Array(10).fill(10)); // 07:10-08:00: all ten wait
    expect(q.values[12]).toBeCloseTo((9 * 4 + 8) / 5, 12); // 08:00-08:05: one started at 08:00, one at 08:04
    expect(q.values.slice(16)).toEqual([0]); // nobody waits after the 08:20 close
  });
  it('finds the early and late bags at make-up', () => {
    expect(out.makeup).toMatchObject({ bags: 5, early_bags: 2, late_bags: 2, unallocated_bags: 0 });
    const pos = out.makeup.positions[0];
    expect(pos).toMatchObject({ resource: 'MU1', position: 0, early_bags: 2, late_bags: 2, bags: 3 });
    // Early bags are released when the position opens: all three land in the 08:10 bin.
    expect(pos.bags_series).toEqual({ start_minutes: 490, values: [3] });
    expect(out.flights[0]).toMatchObject({ bags: 5, early_bags: 2, late_bags: 2 });
  });
});

describe('make-up positions open together', () => {
  it("share a segregation's bags in turn", () => {
    const doc = handChecked();
    doc.resources[2] = { id: 'MU1', type: 'makeup_carousel', positions: 2 } as never;
    doc.makeup_allocations = [0, 1].map((position) => ({
      flight: 'XY100',
      segregation: 'Y',
      resource: 'MU1',
      position,
      from_minutes: 480,
      to_minutes: 510,
    })) as never;
    const out = simulateSync(doc, {}, { clock });
    if (out.kind !== 'airport') throw new Error('expected an airport output');
    expect(out.makeup.positions.map((p) => [p.position, p.bags])).toEqual([
      [0, 3],
      [1, 2],
    ]);
    expect(out.makeup).toMatchObject({ early_bags: 0, late_bags: 0 });
  });
});

describe('the airport model with splits and common counters', () => {
  const doc = {
    ...handChecked(),
    replications: 4,
    settings: { bag_transport_minutes: 5 },
    flights: [
      {
        id: 'XY1',
        airline: 'XY',
        std_minutes: 480,
        seats: 200,
        load_factor: 0.9,
        turnup_profile: 'p',
        segregations: [
          { name: 'Y', share: 80 },
          { name: 'J', share: 20 },
        ],
      },
      { id: 'XY2', airline: 'XY', std_minutes: 540, seats: 200, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] },
    ],
    turnup_profiles: [{ id: 'p', bin_minutes: 20, earliest_minutes: 160, shares: [10, 20, 30, 25, 15, 0] }],
    resources: [
      ...['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7'].map((id) => ({ id, type: 'fullservice' })),
      { id: 'S1', type: 'security' },
      { id: 'S2', type: 'security' },
    ],
    resource_allocations: [],
    flow: {
      splits: [
        {
          airline: 'XY',
          segregation: 'Y',
          to: [
            { node: 'Q1', proportion: 70 },
            { node: 'Q2', proportion: 30 },
          ],
        },
        { airline: 'XY', segregation: 'J', to: [{ node: 'Q2', proportion: 100 }] },
      ],
      queues: [
        { id: 'Q1', resources: ['C1', 'C2', 'C3', 'C4'], to: [{ node: 'SEC', proportion: 100 }] },
        { id: 'Q2', resources: ['C5', 'C6', 'C7'], to: [{ node: 'SEC', proportion: 100 }] },
      ],
      outputs: [{ id: 'SEC', resources: ['S1', 'S2'] }],
    },
    bag_rules: [{ segregation: 'J', bags_per_passenger: 2 }],
    makeup_allocations: [],
  };
  const out = simulateSync(doc, {}, { clock });
  if (out.kind !== 'airport') throw new Error('expected an airport output');

  it('splits passengers by the movement graph', () => {
    // 180 + 170 passengers; Q1 gets 70% of Y (144 + 170): expect about 220, binomial sd about 8.
    expect(out.passengers).toBe(350);
    const q1 = out.queues.Q1.arrivals;
    const q2 = out.queues.Q2.arrivals;
    expect(q1 + q2).toBe(350);
    expect(Math.abs(q1 - 0.7 * 314)).toBeLessThan(16);
    expect(out.queues.SEC.arrivals).toBe(350);
    expect(out.missed_passengers).toBe(0);
  });
  it('drops bags by the bag rules, none allocated to make-up', () => {
    // J: 36 passengers with 2 bags; Y: 314 with 1.2 on average (sd of the total about 9).
    expect(Math.abs(out.makeup.bags - (72 + 1.2 * 314))).toBeLessThan(20);
    expect(out.makeup.unallocated_bags).toBe(out.makeup.bags);
    expect(out.makeup.positions).toEqual([]);
  });
  it('reports utilisation per resource and intervals over replications', () => {
    for (const id of ['C1', 'C5', 'S1']) {
      expect(out.resources[id].utilisation).toBeGreaterThan(0);
      expect(out.resources[id].utilisation).toBeLessThan(1);
    }
    expect(out.queues.Q1.wait_mean_ci95).not.toBeNull();
  });
});

describe('a passenger story through two queues', () => {
  // Kiosk first (no bags), then half go on to the bag drop (bags), everyone then to security.
  const doc = {
    ...handChecked(),
    replications: 2,
    settings: {},
    flights: [{ id: 'XY1', airline: 'XY', std_minutes: 600, passengers: 400, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] }],
    turnup_profiles: [{ id: 'p', bin_minutes: 30, earliest_minutes: 180, shares: [20, 30, 30, 20] }],
    resources: [
      ...['K1', 'K2', 'K3', 'K4'].map((id) => ({ id, type: 'kiosk' })),
      ...['B1', 'B2', 'B3'].map((id) => ({ id, type: 'bagdrop' })),
      { id: 'S1', type: 'security' },
    ],
    resource_allocations: [
      { resource: 'B1', flight: 'XY1', from_minutes: 400, to_minutes: 560 },
      { resource: 'B3', flight: 'XY1', from_minutes: 400, to_minutes: 560 },
      { resource: 'B2', airline: 'XY', from_minutes: 0, to_minutes: 1440 },
    ],
    flow: {
      splits: [{ airline: 'XY', segregation: 'Y', to: [{ node: 'kiosk', proportion: 100 }] }],
      queues: [
        {
          id: 'kiosk',
          resources: ['K1', 'K2', 'K3', 'K4'],
          to: [
            { node: 'drop', proportion: 50 },
            { node: 'SEC', proportion: 50 },
          ],
        },
        { id: 'drop', resources: ['B1', 'B2', 'B3'], to: [{ node: 'SEC', proportion: 100 }] },
      ],
      outputs: [{ id: 'SEC', resources: ['S1'] }],
    },
    makeup_allocations: [],
  };
  const out = simulateSync(doc, {}, { clock });
  if (out.kind !== 'airport') throw new Error('expected an airport output');

  it('follows the story: kiosk, then bag drop for half, then security', () => {
    expect(out.queues.kiosk.arrivals).toBe(400);
    // Binomial(400, 0.5): sd 10.
    expect(Math.abs(out.queues.drop.arrivals - 200)).toBeLessThan(40);
    expect(out.missed_passengers).toBe(0);
    expect(out.queues.SEC.arrivals).toBe(400);
    // The flight's own bag drop counter serves its passengers (not the airline's).
    expect(out.resources.B1.utilisation).toBeGreaterThan(0);
    expect(out.resources.B2).toMatchObject({ utilisation: 0, utilisation_ci95: null, open_minutes: 1440 });
  });
  it('drops bags at the bag drop only', () => {
    expect(out.makeup.bags).toBe(out.queues.drop.served);
  });
  it('rejects a story that loops', () => {
    const looping = structuredClone(doc);
    looping.flow.queues[1].to = [{ node: 'kiosk', proportion: 100 }];
    expect(() => simulateSync(looping, {}, { clock })).toThrow('flow.queues[1].to[0].node: "kiosk" leads back to "drop": a cycle');
  });
});

describe('airport document validation', () => {
  const fails = (mutate: (d: ReturnType<typeof handChecked>) => void, field: string, words: string) => {
    const d = handChecked();
    mutate(d);
    try {
      simulateSync(d, {}, { clock });
    } catch (e) {
      expect(e).toBeInstanceOf(SimError);
      expect((e as SimError).code).toBe('invalid_document');
      expect((e as SimError).field).toBe(field);
      expect((e as SimError).message).toContain(words);
      return;
    }
    throw new Error('expected a validation error');
  };
  it('names the bad field', () => {
    fails((d) => (d.flow.splits = []), 'flights[0].segregations[0].name', 'no split');
    fails((d) => (d.flow.splits[0].to[0].proportion = 90), 'flow.splits[0].to', 'sum to 100');
    fails((d) => (d.flow.queues[0].resources = ['S1']), 'flow.queues[0].resources[0]', 'check-in resource');
    fails((d) => (d.turnup_profiles[0].shares = [60]), 'turnup_profiles[0].shares', 'sum to 100');
    fails((d) => (d.flights[0].turnup_profile = 'nope'), 'flights[0].turnup_profile', 'unknown');
    fails((d) => (d.resource_allocations[0].to_minutes = 470), 'resource_allocations[0].to_minutes', 'after');
    fails((d) => (d.makeup_allocations[0].resource = 'C1'), 'makeup_allocations[0].resource', 'make-up');
    fails((d) => ((d.resources[0] as { type: string }).type = 'desk'), 'resources[0].type', 'must be one of');
    fails(
      (d) => d.resource_allocations.push({ resource: 'C1', airline: 'XY', from_minutes: 490, to_minutes: 520 } as never),
      'resource_allocations[1]',
      'overlaps resource_allocations[0] on resource "C1"',
    );
  });
});

describe('the sample airport document', () => {
  it('runs', () => {
    const doc = JSON.parse(readFileSync(new URL('./examples/airport.json', import.meta.url), 'utf8'));
    const out = simulateSync(doc, { replications: 2 }, { clock });
    expect(out.kind).toBe('airport');
    expect(out.events).toBeGreaterThan(1000);
  });
});

describe('apportion', () => {
  it('keeps the total and follows the shares', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [80, 20])).toEqual([6, 1]);
    expect(apportion(0, [50, 50])).toEqual([0, 0]);
  });
});
