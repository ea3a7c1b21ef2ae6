// Space level of service: bands on hand-made values and series, the trolley factor weighted by
// the flow, and on a deterministic airport day the square metres per passenger equal to the queue
// area over the passengers waiting.
import { describe, expect, it } from 'vitest';
import { parseAirport } from './airportSchema';
import { simulateSync } from './run';
import { nodeSpaces, spaceBand, summariseSpace } from './space';

const optimum: [number, number] = [1.3, 1.8];

describe('space bands', () => {
  it('rates m² per passenger against the optimum range, ends included', () => {
    expect(spaceBand(1.29, optimum)).toBe('sub-optimum');
    expect(spaceBand(1.3, optimum)).toBe('optimum');
    expect(spaceBand(1.8, optimum)).toBe('optimum');
    expect(spaceBand(1.81, optimum)).toBe('over-design');
    expect(spaceBand(null, optimum)).toBeNull();
  });

  it('summarises a hand-made day: share of the rated bins at optimum, and the worst bin', () => {
    // 60 m², trolley factor 1.5: 20 waiting -> 2.0 (over-design), 25 -> 1.6 (optimum), 40 -> 1.0
    // (sub-optimum), 0.5 -> not rated (less than one passenger waiting).
    const out = summariseSpace({ areaM2: 60, trolleyFactor: 1.5, optimum }, { start_minutes: 300, values: [0.5, 20, 25, 40, 25] }, 5);
    expect(out.m2_per_passenger_series.values).toEqual([null, 3, 2.4, 1.5, 2.4]);
    expect(out.m2_with_trolleys_series.values).toEqual([null, 2, 1.6, 1, 1.6]);
    expect(out.band_series.values).toEqual([null, 'over-design', 'optimum', 'sub-optimum', 'optimum']);
    expect(out.share_at_optimum).toBe(0.5);
    expect(out.worst).toEqual({ band: 'sub-optimum', m2_with_trolleys: 1, at_minutes: 315 });
  });

  it('rates nothing on a day nobody queues', () => {
    const out = summariseSpace({ areaM2: 60, trolleyFactor: 1, optimum }, { start_minutes: 0, values: [0, 0.2] }, 5);
    expect(out.share_at_optimum).toBeNull();
    expect(out.worst).toBeNull();
  });
});

// Ten passengers of one flight turn up in one minute at one counter serving each in exactly an
// hour: from the end of that minute until the first service ends, nine wait.
const day = {
  kind: 'airport',
  seed: 3,
  replications: 1,
  settings: { bin_minutes: 5, checkin_close_minutes: 0, space: { trolley_factors: { international: 1.5 } } },
  turnup_profiles: [{ id: 'p', bin_minutes: 1, earliest_minutes: 300, shares: [100] }],
  flights: [
    { id: 'F1', airline: 'XX', std_minutes: 360, passengers: 10, turnup_profile: 'p', sector: 'international', segregations: [{ name: 'Y', share: 100 }] },
  ],
  resources: [{ id: 'C1', type: 'fullservice', mean_service_minutes: 60, service_cv: 0, queue_area_m2: 18 }],
  resource_allocations: [{ resource: 'C1', airline: 'XX', from_minutes: 0, to_minutes: 1440 }],
  flow: {
    splits: [{ airline: 'XX', segregation: 'Y', to: [{ node: 'desk', proportion: 100 }] }],
    queues: [{ id: 'desk', resources: ['C1'], to: [] }],
    outputs: [],
  },
};

describe('space in the airport model', () => {
  it('gives the queue area over the passengers waiting, per passenger and with trolleys', () => {
    const out = simulateSync(day, {}, { clock: () => 0 }) as {
      queues: Record<string, { queue_length_series: { start_minutes: number; values: number[] }; space: ReturnType<typeof summariseSpace> }>;
    };
    const desk = out.queues.desk;
    const { start_minutes: start, values } = desk.queue_length_series;
    // Bins wholly between the end of the turn-up minute (61) and the first service's end (60 + at most 61).
    const inside = values.flatMap((_, i) => (start + i * 5 >= 61 && start + i * 5 + 5 <= 120 ? [i] : []));
    expect(inside.length).toBeGreaterThanOrEqual(10);
    for (const i of inside) {
      expect(values[i]).toBe(9);
      expect(desk.space.m2_per_passenger_series.values[i]).toBe(2); // 18 m² / 9
      expect(desk.space.m2_with_trolleys_series.values[i]).toBe(1.33); // 18 / (9 x 1.5)
      expect(desk.space.band_series.values[i]).toBe('optimum');
    }
    expect(desk.space.area_m2).toBe(18);
    expect(desk.space.trolley_factor).toBe(1.5);
  });

  it('weights the trolley factor by the passengers the flow sends to each queue, and sums the resources areas', () => {
    const doc = parseAirport({
      ...day,
      flights: [
        { ...day.flights[0], passengers: 100, sector: 'international' },
        { ...day.flights[0], id: 'F2', airline: 'YY', passengers: 300, sector: 'domestic' },
      ],
      resources: [...day.resources, { id: 'C2', type: 'fullservice' }, { id: 'S1', type: 'security', positions: 3 }],
      flow: {
        splits: [
          { airline: 'XX', segregation: 'Y', to: [{ node: 'desk', proportion: 100 }] },
          {
            airline: 'YY',
            segregation: 'Y',
            to: [
              { node: 'desk', proportion: 50 },
              { node: 'sec', proportion: 50 },
            ],
          },
        ],
        queues: [{ id: 'desk', resources: ['C1', 'C2'], to: [{ node: 'sec', proportion: 100 }] }],
        outputs: [{ id: 'sec', resources: ['S1'] }],
      },
    });
    const [desk, sec] = nodeSpaces(doc, [100, 300]);
    // Desk: 100 international (1.5) and 150 domestic (1): 1.2. Security: everyone, 100 x 1.5 + 300 x 1.
    expect(desk.trolleyFactor).toBeCloseTo(1.2, 12);
    expect(sec.trolleyFactor).toBeCloseTo(450 / 400, 12);
    expect(desk.areaM2).toBe(18 + 20); // its own area and the default for a counter
    expect(sec.areaM2).toBe(90); // 30 m² per lane
    expect(sec.optimum).toEqual([1, 1.2]);
  });
});
