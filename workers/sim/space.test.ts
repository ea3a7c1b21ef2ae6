// Space level of service: bands on hand-made values and series, the trolley factor weighted by
// the flow, and on a deterministic airport day the square metres per passenger equal to the queue
// area over the passengers waiting.
import { describe, expect, it } from 'vitest';
import { parseAirport } from './airportSchema';
import { simulateSync } from './run';
import { bandSteps, nodeSpaces, spaceBand, summariseSpace, type SpaceOutput } from './space';

const optimum: [number, number] = [1.3, 1.8];

describe('space bands', () => {
  it('rates m² per passenger against the optimum range, ends included', () => {
    expect(spaceBand(1.29, optimum)).toBe('sub-optimum');
    expect(spaceBand(1.3, optimum)).toBe('optimum');
    expect(spaceBand(1.8, optimum)).toBe('optimum');
    expect(spaceBand(1.81, optimum)).toBe('over-design');
    expect(spaceBand(null, optimum)).toBeNull();
  });

  it('gives the queue lengths at which each band begins, its ends included as spaceBand rates them', () => {
    // 60 m² with trolley factor 1.5: 22 waiting have 1.82 m² each (over-design), 23 have 1.74;
    // 30 have 1.33 (optimum), 31 have 1.29 (sub-optimum).
    expect(bandSteps({ areaM2: 60, trolleyFactor: 1.5, optimum })).toEqual([1, 23, 31]);
    // 18 m² at [1, 1.2]: 15 waiting have 1.2 exactly, 18 have 1 exactly: both optimum.
    expect(bandSteps({ areaM2: 18, trolleyFactor: 1, optimum: [1, 1.2] })).toEqual([1, 15, 19]);
    // Room for fewer than one: crowded from the first passenger waiting.
    expect(bandSteps({ areaM2: 1, trolleyFactor: 1, optimum })).toEqual([1, 1, 1]);
  });

  it('rates each bin by its mean queue, and the day by the queue at each moment', () => {
    // 60 m², trolley factor 1.5 (bands from 23 and 31 waiting): 20 waiting -> 2.0 (over-design),
    // 25 -> 1.6 (optimum), 40 -> 1.0 (sub-optimum), 0.5 -> not rated (less than one waiting).
    const day = [{ minutes: [3, 10, 7, 5], found: [2, 30, 20, 8], peak: [1, 22, 30, 40, 30] }];
    const out = summariseSpace({ areaM2: 60, trolleyFactor: 1.5, optimum }, { start_minutes: 300, values: [0.5, 20, 25, 40, 25] }, day, 5);
    expect(out.m2_per_passenger_series.values).toEqual([null, 3, 2.4, 1.5, 2.4]);
    expect(out.m2_with_trolleys_series.values).toEqual([null, 2, 1.6, 1, 1.6]);
    expect(out.band_series.values).toEqual([null, 'over-design', 'optimum', 'sub-optimum', 'optimum']);
    // Of the 22 minutes anyone waits, 7 at optimum and 5 crowded; of the 60 arrivals, 8 found it crowded.
    expect(out.share_at_optimum).toBe(7 / 22);
    expect(out.share_sub_optimum).toBe(5 / 22);
    expect(out.minutes_by_rating).toEqual({ 'nobody waiting': 3, 'over-design': 10, optimum: 7, 'sub-optimum': 5 });
    expect(out.passenger_share_by_rating).toEqual({ 'nobody waiting': 2 / 60, 'over-design': 0.5, optimum: 1 / 3, 'sub-optimum': 8 / 60 });
    expect(out.peak_queue_series).toEqual({ start_minutes: 300, values: [1, 22, 30, 40, 30] });
    expect(out.peak_band_series!.values).toEqual(['over-design', 'over-design', 'optimum', 'sub-optimum', 'optimum']);
    expect(out.worst).toEqual({ band: 'sub-optimum', m2_with_trolleys: 1, at_minutes: 315 });
  });

  it('rates a two-minute crowd in one replication that the bin mean hides', () => {
    // 18 m² (bands from 10 and 14 waiting). Replication A: nobody waits all day. Replication B:
    // 20 wait for two minutes of the bin from 305 and nobody otherwise, a mean of 8 in that bin.
    const quiet = { minutes: [15, 0, 0, 0], found: [20, 0, 0, 0], peak: [0, 0, 0] };
    const crowd = { minutes: [13, 0, 0, 2], found: [0, 1, 0, 19], peak: [0, 20, 0] };
    const space = { areaM2: 18, trolleyFactor: 1, optimum };
    const out = summariseSpace(space, { start_minutes: 300, values: [0, 4, 0] }, [quiet, crowd], 5);
    // The bin's mean over both, 4 waiting, has 4.5 m² each: over-design.
    expect(out.band_series.values).toEqual([null, 'over-design', null]);
    // Its peak, 20 waiting, 0.9 m² each: sub-optimum, and all the time anyone waited was crowded.
    expect(out.peak_queue_series!.values).toEqual([0, 20, 0]);
    expect(out.peak_band_series!.values).toEqual([null, 'sub-optimum', null]);
    expect(out.worst).toEqual({ band: 'sub-optimum', m2_with_trolleys: 0.9, at_minutes: 305 });
    expect(out.minutes_by_rating!['sub-optimum']).toBe(1);
    expect(out.share_sub_optimum).toBe(1);
    expect(out.share_at_optimum).toBe(0);
    expect(out.passenger_share_by_rating!['sub-optimum']).toBe(19 / 40);
  });

  it('takes the 95th percentile of the replications peaks by nearest rank, not the longest', () => {
    // Twenty replications whose bin peaks are 1 to 20: the 19th smallest, 19, is the percentile.
    const reps = Array.from({ length: 20 }, (_, k) => ({ minutes: [5, 0, 0, 0], found: [0, 0, 0, 0], peak: [k + 1] }));
    const out = summariseSpace({ areaM2: 18, trolleyFactor: 1, optimum }, { start_minutes: 0, values: [1] }, reps, 5);
    expect(out.peak_queue_series!.values).toEqual([19]);
    expect(out.peak_band_series!.values).toEqual(['sub-optimum']);
  });

  it('rates nothing on a day nobody queues', () => {
    const empty = { minutes: [10, 0, 0, 0], found: [4, 0, 0, 0], peak: [0, 0] };
    const out = summariseSpace({ areaM2: 60, trolleyFactor: 1, optimum }, { start_minutes: 0, values: [0, 0.2] }, [empty], 5);
    expect(out.share_at_optimum).toBeNull();
    expect(out.share_sub_optimum).toBeNull();
    expect(out.worst).toBeNull();
    expect(out.passenger_share_by_rating).toEqual({ 'nobody waiting': 1, 'over-design': 0, optimum: 0, 'sub-optimum': 0 });
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

  it('lets a short crowd in a quiet bin lower the rating, moment by moment', () => {
    // Twenty passengers turn up between 300 and 301 at a queue of 18 m² whose twenty counters all
    // open at 302: from 0 to 20 waiting in the first minute, everyone served at 302, nobody
    // waiting after. Bands from 10 and 14 waiting (1.8 and 1.29 m² each).
    const spike = {
      ...day,
      turnup_profiles: [{ id: 'p', bin_minutes: 1, earliest_minutes: 60, shares: [100] }],
      flights: [{ ...day.flights[0], passengers: 20, sector: undefined }],
      resources: Array.from({ length: 20 }, (_, k) => ({ id: `C${k}`, type: 'fullservice', mean_service_minutes: 1, service_cv: 0 })),
      resource_allocations: Array.from({ length: 20 }, (_, k) => ({ resource: `C${k}`, from_minutes: 302, to_minutes: 400 })),
      flow: { ...day.flow, queues: [{ id: 'desk', area_m2: 18, resources: Array.from({ length: 20 }, (_, k) => `C${k}`), to: [] }] },
    };
    const out = simulateSync(spike, {}, { clock: () => 0 }) as { queues: Record<string, { space: SpaceOutput }> };
    const space = out.queues.desk.space;
    // The bin from 300 holds a mean of 4 to 8 waiting (everyone waits until 302 from a time in the
    // first minute): 2.25 m² each or more, over-design. Its peak, all twenty, is sub-optimum.
    expect(space.band_series).toEqual({ start_minutes: 300, values: ['over-design'] });
    expect(space.peak_queue_series).toEqual({ start_minutes: 300, values: [20] });
    expect(space.peak_band_series!.values).toEqual(['sub-optimum']);
    expect(space.worst).toEqual({ band: 'sub-optimum', m2_with_trolleys: 0.9, at_minutes: 300 });
    // The k-th to turn up finds k - 1 waiting: one nobody, nine over-design, four optimum, six crowded.
    expect(space.passenger_share_by_rating).toEqual({ 'nobody waiting': 0.05, 'over-design': 0.45, optimum: 0.2, 'sub-optimum': 0.3 });
    // Crowded from the fourteenth turn-up (in the first minute) until 302.
    const crowded = space.minutes_by_rating!['sub-optimum'];
    expect(crowded).toBeGreaterThan(1);
    expect(crowded).toBeLessThan(2);
    expect(space.share_sub_optimum).toBeGreaterThan(0);
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
