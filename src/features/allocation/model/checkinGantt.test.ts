// API rows to the check-in Gantt: counters grouped by island, one block per flight's adjacent
// counters over one window, common check-in blocks named by airline, clashes per counter.
import { describe, expect, it } from 'vitest';
import { checkinData, phasedCheckinData } from '../../../../workers/report/fixture.test-data';
import { buildCheckinGantt } from './checkinGantt';

describe('buildCheckinGantt', () => {
  it('has a lane per counter and bag drop (no kiosks), grouped by zone', () => {
    const model = buildCheckinGantt(checkinData);
    expect(model.lanes.map((l) => l.label)).toEqual(['C1', 'C2', 'C3']);
    expect(model.groups).toEqual([{ level: 'zone', label: 'Island 1', first: 0, count: 3 }]);
  });

  it("joins a flight's adjacent counters over one window into one block", () => {
    const model = buildCheckinGantt(checkinData);
    expect(model.bars.map((b) => ({ id: b.id, rows: b.rowIds, lane: b.lane, span: b.span, label: b.label }))).toEqual([
      { id: 1, rows: [1, 2], lane: 0, span: 2, label: 'B6 1983' },
      { id: 3, rows: [3], lane: 2, span: 1, label: 'AA' },
    ]);
    expect(model.bars[1].details[0]).toBe('AA common check-in');
    expect(model.bars[0].details[1]).toBe('2 counters · Island 1, C1–C2');
    expect(model.bars[1].locked).toBe(true);
    expect(model.bars.some((b) => b.clash)).toBe(false);
  });

  it("splits a flight's counters that are not adjacent, and flags a counter used twice", () => {
    const rows = [
      { ...checkinData.allocations[0] },
      { ...checkinData.allocations[1], resource_id: 22 },
      { id: 9, resource_id: 22, flight_id: 101, airline_id: null, start: '2017-01-02T08:00:00Z', end: '2017-01-02T10:00:00Z', locked: false },
    ];
    const model = buildCheckinGantt({ ...checkinData, allocations: rows });
    expect(model.bars.map((b) => [b.lane, b.span])).toEqual([
      [0, 1],
      [2, 1],
      [2, 1],
    ]);
    expect(model.bars.filter((b) => b.clash).map((b) => b.id)).toEqual([2, 9]);
  });

  it("draws an airline's phases from one first counter as one stepped bar with one label", () => {
    const model = buildCheckinGantt(phasedCheckinData);
    expect(model.bars).toHaveLength(2);
    const [stepped, alone] = model.bars;
    expect(stepped).toMatchObject({ lane: 0, span: 3, start: 360, end: 450, label: 'AA', rowIds: [11, 12, 13, 14, 15, 16] });
    expect(stepped.steps).toEqual([
      { start: 360, end: 390, rowIds: [11, 12] },
      { start: 390, end: 420, rowIds: [13, 14, 15] },
      { start: 420, end: 450, rowIds: [16] },
    ]);
    expect(stepped.details).toEqual(['AA common check-in', '1–3 counters · Island 1, C1–C3', '06:00–07:30 · 3 phases']);
    expect(alone).toMatchObject({ lane: 2, span: 1, start: 420, end: 450 });
    expect(alone.steps).toBeUndefined();
    // C3 from 07:00 is free of the stepped bar (its last phase holds C1 only): no clash.
    expect(model.bars.some((b) => b.clash)).toBe(false);
  });
});
