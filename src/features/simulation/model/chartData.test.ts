// The chart transforms and result tables on hand-made outputs (exact numbers), and on a real
// engine run of a built document (the shapes agree with what the engine answers).
import { describe, expect, it } from 'vitest';
import { prepare, replicationSteps, summarise } from '../../../../workers/sim/run';
import { makeupSeries, missedBars, queueLengthSeries, queueUtilisationSeries, resourceUtilisationRows, utilisationBars, waitDistribution } from './chartData';
import { meanCI } from '../../../../workers/sim/confidence';
import { summariseSpace } from '../../../../workers/sim/space';
import type { AirportOutput, QueueOutput } from './results';
import { changeTone, differencesTable, losTable, spaceTable, tableToCsv, unusedTargetsNote, utilisationTable } from './tables';

const noSeries = { start_minutes: 0, values: [], low: [], high: [] };

function queue(overrides: Partial<QueueOutput> = {}): QueueOutput {
  return {
    kind: 'checkin',
    resources: ['A01'],
    arrivals: 100,
    served: 90,
    missed: 10,
    los_target_minutes: 20,
    share_within_target: 0.8,
    share_within_target_ci95: [0.75, 0.85],
    wait_mean_minutes: 12,
    wait_mean_ci95: [11, 13],
    p_wait_gt: { '0': 0.6, '5': 0.4, '10': 0.3, '20': 0.2 },
    p_wait_gt_ci95: {},
    wait_percentiles_minutes: { p50: 3, p90: 25, p95: 31, max: 60 },
    queue_length_mean: 4,
    queue_length_ci95: null,
    queue_length_max: 14,
    queue_length_max_ci95: null,
    queue_length_series: { start_minutes: 300, values: [2, 4, 9, 3], low: [null, null, null, null], high: [null, null, null, null] },
    wait_mean_series: { start_minutes: 300, values: [1, null, 5, 2] },
    utilisation_series: noSeries,
    ...overrides,
  };
}

function output(queues: Record<string, QueueOutput>, extra: Partial<AirportOutput> = {}): AirportOutput {
  return {
    kind: 'airport',
    bin_minutes: 5,
    queues,
    resources: {},
    flights: [],
    makeup: { bags: 0, early_bags: 0, early_bags_ci95: null, late_bags: 0, late_bags_ci95: null, unallocated_bags: 0, positions: [] },
    ...extra,
  } as unknown as AirportOutput;
}

describe('queueLengthSeries', () => {
  it("puts each bin at its minute with the engine's 95% band", () => {
    const out = output({ Q: queue({ queue_length_series: { start_minutes: 300, values: [1, 4, 9, 3], low: [0, 0, 7, 3], high: [2, 29.4, 11, 3] } }) });
    const [series] = queueLengthSeries(out, null);
    expect(series.points).toEqual([
      { x: 300, y: 1, low: 0, high: 2 },
      { x: 305, y: 4, low: 0, high: 29.4 },
      { x: 310, y: 9, low: 7, high: 11 },
      { x: 315, y: 3, low: 3, high: 3 },
    ]);
  });

  it('has no band with one replication and keeps only the bins of the time range', () => {
    const [series] = queueLengthSeries(output({ Q: queue() }), { from: 305, to: 315 });
    expect(series.points).toEqual([
      { x: 305, y: 4, low: null, high: null },
      { x: 310, y: 9, low: null, high: null },
    ]);
  });
});

describe('waitDistribution', () => {
  it('turns exceedance shares into shares per interval that add up to one', () => {
    const buckets = waitDistribution(queue());
    expect(buckets.map((b) => b.label)).toEqual(['No wait', '0–5', '5–10', '10–20', '> 20']);
    expect(buckets.map((b) => Number(b.share.toFixed(3)))).toEqual([0.4, 0.2, 0.1, 0.1, 0.2]);
    expect(buckets.reduce((s, b) => s + b.share, 0)).toBeCloseTo(1, 10);
  });
});

describe('bars and make-up series', () => {
  it('lists utilisation of open resources in percent and the flights that missed passengers, most first', () => {
    const out = output({}, {
      resources: {
        A01: { utilisation: 0.5, utilisation_ci95: [0.4, 0.6], open_minutes: 100, utilisation_series: noSeries },
        A02: { utilisation: 0, utilisation_ci95: null, open_minutes: 0, utilisation_series: noSeries },
      },
      flights: [
        { id: 'BA 1', airline: 'BA', std_minutes: 400, passengers: 100, missed: 1, missed_ci95: null, bags: 0, early_bags: 0, late_bags: 0 },
        { id: 'BA 2', airline: 'BA', std_minutes: 500, passengers: 100, missed: 0, missed_ci95: null, bags: 0, early_bags: 0, late_bags: 0 },
        { id: 'BA 3', airline: 'BA', std_minutes: 600, passengers: 100, missed: 5, missed_ci95: [3, 7], bags: 0, early_bags: 0, late_bags: 0 },
      ],
    } as Partial<AirportOutput>);
    expect(utilisationBars(out)).toEqual([{ label: 'A01', value: 50, low: 40, high: 60 }]);
    expect(missedBars(out).map((b) => [b.label, b.value, b.low])).toEqual([
      ['BA 3', 5, 3],
      ['BA 1', 1, null],
    ]);
  });

  it('gives the bags of each position of one make-up resource per bin', () => {
    const out = output({}, {
      makeup: {
        bags: 5,
        early_bags: 1,
        early_bags_ci95: null,
        late_bags: 0,
        late_bags_ci95: null,
        unallocated_bags: 0,
        positions: [
          { resource: 'MU1', position: 0, bags: 3, early_bags: 1, late_bags: 0, bags_series: { start_minutes: 490, values: [1, 2] } },
          { resource: 'MU2', position: 0, bags: 2, early_bags: 0, late_bags: 0, bags_series: { start_minutes: 500, values: [2] } },
        ],
      },
    } as Partial<AirportOutput>);
    expect(makeupSeries(out, 'MU1', null)).toEqual([
      {
        id: 'MU1/0',
        label: 'Position 1',
        points: [
          { x: 490, y: 1, low: null, high: null },
          { x: 495, y: 2, low: null, high: null },
        ],
      },
    ]);
  });
});

describe('utilisation over time', () => {
  const out = output(
    {
      Island: queue({
        resources: ['C1', 'C2', 'C3'],
        utilisation_series: { start_minutes: 480, values: [0.5, null, 1], low: [0.4, null, 1], high: [0.6, null, 1] },
      }),
      Empty: queue({ resources: [] }),
    },
    {
      resources: {
        C1: {
          utilisation: 0.5,
          utilisation_ci95: null,
          open_minutes: 10,
          utilisation_series: { start_minutes: 485, values: [0.25, 0.75], low: [null, null], high: [null, null] },
        },
        C2: { utilisation: 0, utilisation_ci95: null, open_minutes: 60, utilisation_series: noSeries },
      },
    } as Partial<AirportOutput>,
  );

  it('draws each queue in percent with its band, breaking the line where everything was closed', () => {
    const [island, ...rest] = queueUtilisationSeries(out, null);
    expect(rest).toEqual([]); // a queue whose resources never opened has no line
    expect(island.points).toEqual([
      { x: 480, y: 50, low: 40, high: 60 },
      { x: 485, y: null, low: null, high: null },
      { x: 490, y: 100, low: 100, high: 100 },
    ]);
    expect(queueUtilisationSeries(out, { from: 485, to: 495 })[0].points.map((p) => p.x)).toEqual([485, 490]);
  });

  it('gives a heatmap row per resource of one queue that opened, in percent, closed bins empty', () => {
    const rows = resourceUtilisationRows(out, 'Island');
    expect(rows).toEqual([
      {
        id: 'C1',
        label: 'C1',
        cells: [
          { x: 485, value: 25 },
          { x: 490, value: 75 },
        ],
      },
    ]);
    expect(resourceUtilisationRows(out, 'Unknown')).toEqual([]);
  });

  it('puts the busiest bin of each resource in the utilisation table', () => {
    const rows = utilisationTable(out).rows;
    expect(rows.find((r) => r.resource === 'C1')).toMatchObject({ utilisation: 50, peak: 75 });
    expect(rows.find((r) => r.resource === 'C2')).toMatchObject({ utilisation: 0, peak: 0 });
    expect(utilisationTable(out).columns.at(-1)!.label).toBe('Busiest 5 minutes (%)');
  });
});

describe('tables', () => {
  it('writes one LoS row per queue with the process, share within target and the longest queue', () => {
    const table = losTable(output({ 'Island 1': queue(), 'Security South': queue({ kind: 'security', los_target_minutes: 10 }) }), { 'Island 1': 'economy' });
    // The longest queue at any moment (14), not the peak of the 5-minute means (9).
    expect(table.rows[0]).toMatchObject({
      queue: 'Island 1',
      process: 'Check-in (economy)',
      target: 20,
      within: 80,
      p90: 25,
      p95: 31,
      max_queue: 14,
      missed: 10,
    });
    expect(table.rows[1]).toMatchObject({ queue: 'Security South', process: 'Security', target: 10 });
  });

  it('writes the space table: area, shares of the waiting time at optimum and crowded, and the least space at the peaks', () => {
    // 60 m² (bands from 34 and 47 waiting): one replication waiting 20 minutes, 12 at optimum and 4
    // crowded; a quarter of its passengers found it crowded; peaks 30, 50 and 40 waiting.
    const moments = { minutes: [10, 4, 12, 4], found: [10, 10, 10, 10], peak: [30, 50, 40] };
    const space = summariseSpace({ areaM2: 60, trolleyFactor: 1, optimum: [1.3, 1.8] }, { start_minutes: 360, values: [20, 40, 35] }, [moments], 5);
    const table = spaceTable(output({ 'Island 1': queue({ space }), Old: queue() }), {});
    // The least space is at the 50 waiting of the bin from 06:05: 1.2 m² each, sub-optimum.
    expect(table.rows[0]).toMatchObject({
      queue: 'Island 1',
      process: 'Check-in (economy)',
      area: 60,
      at_optimum: 60,
      sub_optimum: 20,
      pax_sub_optimum: 25,
      worst_space: 1.2,
      worst_band: 'sub-optimum',
      worst_at: '06:05',
    });
    // A run saved before space was reported: the columns stay empty.
    expect(table.rows[1]).toMatchObject({
      area: null,
      at_optimum: null,
      sub_optimum: null,
      pax_sub_optimum: null,
      worst_space: null,
      worst_band: null,
      worst_at: null,
    });
  });

  it("writes the scenario's provenance below the table, after an empty line", () => {
    const table = { name: 'T', columns: [{ key: 'q', label: 'Queue' }], rows: [{ q: 'A' }] };
    const notes = ['Design day 2017-01-02 from jfk.csv: the busiest of 7 days.', 'Grown from Base by × 0.8, seed 3: 0 new flights, 58 flights removed.'];
    expect(tableToCsv(table, notes)).toBe(`Queue\r\nA\r\n\r\n${notes[0]}\r\n"${notes[1]}"\r\n`);
    expect(tableToCsv(table)).toBe('Queue\r\nA\r\n');
  });

  it('exports CSV with the column labels, rounded numbers and quoted fields', () => {
    const csv = tableToCsv({
      name: 'T',
      columns: [
        { key: 'q', label: 'Queue, zone' },
        { key: 'w', label: 'Wait (min)', digits: 1 },
        { key: 'n', label: 'Note' },
      ],
      rows: [
        { q: 'Island "1"', w: 12.345, n: null },
        { q: 'B', w: 0, n: 'ok' },
      ],
    });
    expect(csv).toBe('"Queue, zone",Wait (min),Note\r\n"Island ""1""",12.3,\r\nB,0.0,ok\r\n');
  });

  it('says which targets no queue is judged by, and why', () => {
    expect(unusedTargetsNote({ Q1: 'economy', Q2: 'bagdrop', S: 'security' })).toBe(
      'No queue of this run serves only check-in (business) and kiosk passengers (they queue with others, whose target applies), so those targets have no row.',
    );
    expect(unusedTargetsNote({ Q1: 'economy', Q2: 'business', K: 'kiosk', B: 'bagdrop', S: 'security' })).toBe('');
    expect(unusedTargetsNote({ Q1: 'economy', Q2: 'business', K: 'kiosk', S: 'security' })).toMatch(
      /^No queue of this run serves only bag drop passengers .* so that target has no row\.$/,
    );
  });

  it('lists the changes per queue as this run minus the base, each read as better or worse, blank where a queue is only in one run', () => {
    const base = output({ Q: queue(), OnlyBase: queue() });
    const variant = output({
      Q: queue({
        wait_mean_minutes: 9,
        share_within_target: 0.9,
        missed: 4,
        queue_length_max: 10,
        wait_percentiles_minutes: { p50: 1, p90: 10, p95: 20, max: 30 },
      }),
    });
    const table = differencesTable(variant, base, { variant: 'more desks', base: 'base' });
    const q = table.rows.find((r) => r.queue === 'Q')!;
    expect(q.mean_v).toBe(9);
    expect(q.mean_b).toBe(12);
    expect(q.mean_d).toBe(-3);
    expect(q.p95_d).toBe(-11);
    expect(q.within_d).toBeCloseTo(10, 10);
    expect(q.missed_d).toBe(-6);
    expect(q.max_queue_d).toBe(-4);
    const column = (key: string) => table.columns.find((c) => c.key === key)!;
    // Shorter waits and a higher share within target are better; the other way round, worse.
    expect(changeTone(q.mean_d, column('mean_d'))).toBe('better');
    expect(changeTone(q.within_d, column('within_d'))).toBe('better');
    expect(changeTone(3, column('mean_d'))).toBe('worse');
    expect(changeTone(-10, column('within_d'))).toBe('worse');
    expect(changeTone(0.04, column('mean_d'))).toBeNull(); // shows as 0.0
    expect(changeTone(q.mean_v, column('mean_v'))).toBeNull();
    expect(table.rows.find((r) => r.queue === 'OnlyBase')).toMatchObject({ mean_v: null, mean_b: 12, mean_d: null });
    expect(table.columns.map((c) => c.label)).toContain('Mean wait (min) more desks');
  });
});

describe('on a real engine run', () => {
  it("draws the band of the t interval over the replications' own series", () => {
    const doc = {
      kind: 'airport',
      seed: 3,
      replications: 3,
      turnup_profiles: [{ id: 'p', bin_minutes: 30, earliest_minutes: 120, shares: [50, 50] }],
      flights: [{ id: 'F1', airline: 'XY', std_minutes: 600, passengers: 120, turnup_profile: 'p', segregations: [{ name: 'Y', share: 100 }] }],
      resources: [
        { id: 'C1', type: 'fullservice' },
        { id: 'S1', type: 'security' },
      ],
      flow: {
        splits: [{ airline: 'XY', segregation: 'Y', to: [{ node: 'Q', proportion: 100 }] }],
        queues: [{ id: 'Q', resources: ['C1'], to: [{ node: 'SEC', proportion: 100 }] }],
        outputs: [{ id: 'SEC', resources: ['S1'] }],
      },
    };
    const prepared = prepare(doc);
    const reps = [0, 1, 2].map((r) => {
      const steps = replicationSteps(prepared, r, () => 0);
      let step = steps.next();
      while (!step.done) step = steps.next();
      return step.value;
    });
    const pooled = summarise(prepared, reps) as AirportOutput;
    const singles = reps.map((r) => summarise(prepared, [r]) as AirportOutput);
    const [q] = queueLengthSeries(pooled, null);
    expect(q.points.length).toBe(pooled.queues.Q.queue_length_series.values.length);
    const busiest = q.points.reduce((m, p) => (p.y! > m.y! ? p : m));
    expect(busiest.y).toBeGreaterThan(0);
    expect(busiest.low!).toBeLessThanOrEqual(busiest.y!);
    expect(busiest.high!).toBeGreaterThanOrEqual(busiest.y!);
    const own = singles.map((o) => o.queues.Q.queue_length_series.values[(busiest.x - q.points[0].x) / 5]);
    expect(busiest.y).toBeCloseTo(own.reduce((a, b) => a + b, 0) / 3, 9);
    expect(busiest.high).toBeCloseTo(meanCI(own).ci95![1], 9);

    // While the queue is long the one counter never rests; the band comes from the engine.
    const [counter] = queueUtilisationSeries(pooled, null);
    const at = counter.points.find((p) => p.x === busiest.x)!;
    expect(at.y).toBeCloseTo(100, 9);
    expect(counter.points.every((p) => p.y === null || (p.y >= 0 && p.y <= 100))).toBe(true);
    expect(counter.points.some((p) => p.low !== null && p.low < p.y!)).toBe(true);
  });
});
