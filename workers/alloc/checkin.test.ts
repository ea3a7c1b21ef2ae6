// Behaviour of the check-in engine: the published ACCAP optimum, brute-force optima, the product
// document (sizing, phases, locks, unplaced), document errors, and the validator catching each fault.
import { beforeAll, describe, expect, it } from 'vitest';
import loadHighs from 'highs';
import { allocateCheckin, type CheckinResult } from './checkin';
import { validateCheckin } from './validateCheckin';
import type { Highs } from './mip';
import { readSharedText } from '../../tests/support/sharedData';
import { accapBruteForce as bruteForce, bruteForceGroups, randomAccap } from '../../tests/support/accapBruteForce';

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

const accap = (name: string) => JSON.parse(readSharedText('accap', `${name}.json`)) as unknown;

function expectValid(input: unknown, result: CheckinResult): void {
  expect(validateCheckin(input, result)).toEqual([]);
}

describe('allocateCheckin on ACCAP instances', () => {
  it('solves accap_instance3 to its published optimum 89', () => {
    const instance = accap('mznc2019_accap_instance3');
    const result = allocateCheckin(instance, { highs, timeLimitS: 4 });
    expectValid(instance, result);
    expect(result.objective).toBe(89);
    expect(result.max_counter + Object.values(result.spread).reduce((a, b) => a + b, 0)).toBe(89);
    expect(result.bound).toBeLessThanOrEqual(89);
    expect(result.bound).toBeGreaterThanOrEqual(42);
    expect(result.placements).toHaveLength(20);
  }, 30_000);

  it('solves the 2022 instance a4_f30_t15 to its optimum 103 and proves it', () => {
    const instance = accap('mznc2022_accap_a4_f30_t15');
    const result = allocateCheckin(instance, { highs, timeLimitS: 10 });
    expectValid(instance, result);
    expect(result).toMatchObject({ objective: 103, bound: 103, optimal: true, gap: 0 });
  }, 30_000);

  it('proves the optimum of small random instances', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const instance = randomAccap(seed, { flights: 5, airlines: 2, times: 6, maxCounters: 2 });
      const { flights } = instance;
      const result = allocateCheckin(instance, { highs, timeLimitS: 5 });
      expectValid(instance, result);
      expect(result.objective).toBe(bruteForce(flights));
      expect(result.optimal).toBe(true);
      expect(result.gap).toBe(0);
    }
  }, 30_000);

  it('works without a solver, from the greedy and the search alone', () => {
    const instance = accap('mznc2022_accap_a4_f30_t15');
    const result = allocateCheckin(instance, { timeLimitS: 0.5 });
    expectValid(instance, result);
    expect(result.objective).toBeGreaterThanOrEqual(result.bound);
  });
});

describe('allocateCheckin on the product document', () => {
  const doc = () => ({
    kind: 'checkin' as const,
    slot_minutes: 5,
    rows: [
      { id: 'A', counters: 8 },
      { id: 'B', counters: 6 },
    ],
    profiles: { short: Array.from({ length: 24 }, (_, k) => ({ before: 150 - 5 * k, share: 1 })) },
    flights: [
      { id: 'BA1', airline: 'BA', open: 420, close: 560, counters: 3 },
      { id: 'BA2', airline: 'BA', open: 500, close: 600, counters: 2 },
      { id: 'LH1', airline: 'LH', open: 430, close: 540, counters: 4, rows: ['A', 'B'] },
      { id: 'AF1', airline: 'AF', open: 450, close: 610, std: 650, passengers: 180, profile: 'short' },
    ],
    locked: [] as { flight: string; row: string; first_counter: number }[],
  });

  it('sizes, places and validates', () => {
    const input = doc();
    const result = allocateCheckin(input, { highs, timeLimitS: 5 });
    expectValid(input, result);
    expect(result.unplaced).toEqual([]);
    expect(result.sizing?.map((s) => s.flight)).toEqual(['AF1']);
    const af = result.placements.find((p) => p.flight === 'AF1')!;
    expect(af.counters).toBe(Math.max(...result.sizing![0].slots.map((s) => s.counters)));
    expect(af).toMatchObject({ start: 450, end: 610 });
    expect(result.optimal).toBe(true);
  });

  it('places phase by phase when asked, the block growing and shrinking at its top end', () => {
    const input = { ...doc(), phases: true };
    const result = allocateCheckin(input, { highs, timeLimitS: 5 });
    expectValid(input, result);
    const phases = result.placements.filter((p) => p.flight === 'AF1');
    expect(phases.length).toBeGreaterThan(1);
    expect(phases.map((p) => p.phase)).toEqual(phases.map((_, k) => k));
    expect(new Set(phases.map((p) => p.counters)).size).toBeGreaterThan(1);
    expect(new Set(phases.map((p) => `${p.row} ${p.first_counter}`)).size).toBe(1);
  });

  it('finds the brute-force optimum when phases must keep their counters', () => {
    // One island of 14 counters, three phased flights and two fixed blocks.
    const input = {
      kind: 'checkin' as const,
      slot_minutes: 5,
      phases: true,
      phase_minutes: 30,
      rows: [{ id: 'A', counters: 14 }],
      // Passengers peak an hour and a half before departure, so each block's width changes.
      profiles: { peaked: [1, 1, 2, 2, 4, 4, 7, 7, 10, 10, 12, 12, 10, 10, 7, 7, 4, 4, 2, 2, 1, 1, 1, 1].map((share, k) => ({ before: 150 - 5 * k, share })) },
      flights: [
        { id: 'AF1', airline: 'AF', open: 450, close: 610, std: 600, passengers: 120, profile: 'peaked' },
        { id: 'AF2', airline: 'AF', open: 560, close: 700, std: 690, passengers: 80, profile: 'peaked' },
        { id: 'KL1', airline: 'KL', open: 480, close: 640, std: 630, passengers: 100, profile: 'peaked' },
        { id: 'BA1', airline: 'BA', open: 500, close: 560, counters: 2 },
        { id: 'BA2', airline: 'BA', open: 600, close: 660, counters: 3 },
      ],
      locked: [] as { flight: string; row: string; first_counter: number }[],
    };
    const result = allocateCheckin(input, { highs, timeLimitS: 10 });
    expectValid(input, result);
    expect(result.unplaced).toEqual([]);
    const groups = ['AF1', 'AF2', 'KL1', 'BA1', 'BA2'].map((id) => result.placements.filter((p) => p.flight === id));
    expect(groups.find((g) => g[0].flight === 'AF1')!.length).toBeGreaterThan(1);
    const best = bruteForceGroups(
      groups.map((g) => g.map((p) => ({ airline: p.flight.slice(0, 2), start: p.start, end: p.end, counters: p.counters }))),
      14,
    );
    expect(result.objective).toBe(best);
    expect(result.optimal).toBe(true);
    for (const g of groups) expect(new Set(g.map((p) => p.first_counter)).size).toBe(1);
  }, 30_000);

  it('keeps locked rows', () => {
    const input = doc();
    input.locked.push({ flight: 'LH1', row: 'B', first_counter: 1 }, { flight: 'BA2', row: 'A', first_counter: 5 });
    const result = allocateCheckin(input, { highs, timeLimitS: 5 });
    expectValid(input, result);
    expect(result.placements.find((p) => p.flight === 'LH1')).toMatchObject({ row: 'B', first_counter: 1 });
    expect(result.placements.find((p) => p.flight === 'BA2')).toMatchObject({ row: 'A', first_counter: 5 });
  });

  it('leaves the fewest flights unplaced and says why', () => {
    const input = {
      rows: [{ id: 'A', counters: 4 }],
      flights: [
        { id: 'F1', airline: 'X', open: 0, close: 100, counters: 3 },
        { id: 'F2', airline: 'Y', open: 50, close: 150, counters: 2 },
        { id: 'F3', airline: 'Y', open: 120, close: 200, counters: 2 },
        { id: 'F4', airline: 'Z', open: 0, close: 10, counters: 5 },
      ],
    };
    const result = allocateCheckin(input, { highs, timeLimitS: 5 });
    expectValid(input, result);
    expect(result.unplaced).toEqual(
      expect.arrayContaining([
        { flight: 'F4', reason: 'no_row' },
        { flight: expect.stringMatching(/^F[12]$/), reason: 'capacity' },
      ]),
    );
    expect(result.unplaced).toHaveLength(2);
  });

  it('names the bad field', () => {
    const cases: [(d: ReturnType<typeof doc>) => unknown, string, string][] = [
      [(d) => void (d.flights[1].close = 500), 'invalid_document', 'flights[1].close: must be after open'],
      [(d) => void (d.flights[2].rows = ['C']), 'unknown_reference', 'flights[2].rows[0]: unknown row "C"'],
      [(d) => void (d.flights[3].profile = 'long'), 'unknown_reference', 'flights[3].profile: unknown profile "long"'],
      [
        (d) => void delete (d.flights[3] as { passengers?: number }).passengers,
        'invalid_document',
        'flights[3].passengers: is required when counters is not given',
      ],
      [
        (d) => void d.locked.push({ flight: 'BA1', row: 'A', first_counter: 7 }),
        'locked_conflict',
        'locked[0].first_counter: "BA1" needs 3 counters and row "A" ends at 8',
      ],
      [(d) => void d.locked.push({ flight: 'XX', row: 'A', first_counter: 1 }), 'unknown_reference', 'locked[0].flight: unknown flight "XX"'],
    ];
    for (const [change, code, message] of cases) {
      const input = doc();
      change(input);
      expect(() => allocateCheckin(input, { timeLimitS: 0.1 })).toThrowError(expect.objectContaining({ code, message }));
    }
    expect(() => allocateCheckin({ times: 3, airlines: 1, flights: [{ id: 1, airline: 1, start: 3, duration: 2, counters: 1 }] })).toThrowError(
      expect.objectContaining({ code: 'invalid_document', message: 'flights[0].duration: ends after slot 3' }),
    );
  });
});

describe('validateCheckin', () => {
  const instance = {
    times: 4,
    airlines: 2,
    flights: [
      { id: 1, airline: 1, start: 1, duration: 2, counters: 2 },
      { id: 2, airline: 1, start: 2, duration: 2, counters: 1 },
      { id: 3, airline: 2, start: 3, duration: 2, counters: 2 },
    ],
  };
  const valid = () => allocateCheckin(instance, { timeLimitS: 0.2 });
  const kinds = (r: CheckinResult) => validateCheckin(instance, r).map((v) => v.kind);
  const at = (r: CheckinResult, flight: string) => r.placements.find((p) => p.flight === flight)!;

  it('accepts the engine result and catches each kind of violation', () => {
    expect(kinds(valid())).toEqual([]);

    const overlap = valid();
    at(overlap, '2').first_counter = at(overlap, '1').first_counter;
    expect(kinds(overlap)).toContain('overlap');

    const width = valid();
    at(width, '3').counters = 1;
    expect(kinds(width)).toContain('width');

    const window = valid();
    at(window, '3').end = 4;
    expect(kinds(window)).toContain('window');

    const row = valid();
    at(row, '1').row = '2';
    expect(kinds(row)).toContain('row');

    const missing = valid();
    missing.placements.pop();
    expect(kinds(missing)).toContain('missing');

    const duplicate = valid();
    duplicate.unplaced.push({ flight: '1', reason: 'capacity' });
    expect(kinds(duplicate)).toContain('duplicate');

    const objective = valid();
    objective.objective += 1;
    expect(kinds(objective)).toEqual(['objective']);
  });

  it('checks locks of the product document', () => {
    const input = {
      rows: [{ id: 'A', counters: 4 }],
      flights: [{ id: 'F1', airline: 'X', open: 0, close: 100, counters: 2 }],
      locked: [{ flight: 'F1', row: 'A', first_counter: 3 }],
    };
    const result = allocateCheckin(input, { timeLimitS: 0.2 });
    expect(validateCheckin(input, result)).toEqual([]);
    result.placements[0].first_counter = 1;
    expect(validateCheckin(input, result).map((v) => v.kind)).toEqual(expect.arrayContaining(['locked', 'objective']));
  });
});
