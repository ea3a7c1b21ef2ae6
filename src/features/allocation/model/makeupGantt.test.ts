// API rows to the make-up Gantt: lanes per position grouped by resource and zone, a bar per
// allocation on its position in its airline colour, clashes with the buffer, overload by bags/h.
import { describe, expect, it } from 'vitest';
import { makeupData } from '../../../../workers/report/fixture.test-data';
import { buildMakeupGantt } from './makeupGantt';
import { countFlags } from './ganttModel';
import { dropProblem } from './moves';

const options = { bufferMinutes: 5, maxBagsPerHour: 150 };

describe('buildMakeupGantt', () => {
  const model = buildMakeupGantt(makeupData, options);

  it('has a lane per make-up position, grouped by resource and zone', () => {
    expect(model.lanes.map((l) => `${l.zoneName}/${l.resourceName}/${l.label}`)).toEqual([
      'Baggage make-up/Carousel 1/P1',
      'Baggage make-up/Carousel 1/P2',
      'Baggage make-up/Chute 1/P1',
    ]);
    expect(model.groups.filter((g) => g.level === 'resource').map((g) => [g.label, g.first, g.count])).toEqual([
      ['Carousel 1 (carousel)', 0, 2],
      ['Chute 1 (chute)', 2, 1],
    ]);
  });

  it('puts each allocation on its position in local minutes with its airline colour and tooltip', () => {
    const bar = model.bars.find((b) => b.id === 1)!;
    expect(bar).toMatchObject({ lane: 0, span: 1, start: 155, end: 265, colour: '#003876', label: 'B6 1983 Y', locked: false });
    expect(bar.details).toEqual(['B6 1983 · segregation Y', '50 bags · 2 containers', '02:35–04:25 · Carousel 1 P1', 'STD 05:05']);
    expect(model.bars.map((b) => b.lane)).toEqual([0, 1, 1, 2]);
    expect(model.bars.find((b) => b.id === 2)!.locked).toBe(true);
  });

  it('flags the two bars inside the 5-minute buffer on one position, and none without a buffer', () => {
    expect(model.bars.filter((b) => b.clash).map((b) => b.id)).toEqual([2, 3]);
    expect(buildMakeupGantt(makeupData, { ...options, bufferMinutes: 0 }).bars.some((b) => b.clash)).toBe(false);
  });

  it('flags a position fed more bags an hour than the limit', () => {
    // 50 bags over 57 minutes (allocation 3) is about 53 bags an hour; the others are slower.
    const strict = buildMakeupGantt(makeupData, { ...options, maxBagsPerHour: 50 });
    expect(strict.bars.filter((b) => b.overload).map((b) => b.id)).toEqual([3]);
    expect(countFlags(strict)).toEqual({ clashes: 2, overloads: 1 });
    expect(countFlags(model).overloads).toBe(0);
  });

  it('spans the design day at least and counts bars whose resource is not on the chart', () => {
    expect(model.domain).toEqual([0, 1440]);
    const stray = buildMakeupGantt({ ...makeupData, allocations: [{ ...makeupData.allocations[0], resource_id: 99 }] }, options);
    expect(stray.offChart).toBe(1);
    expect(stray.bars[0].lane).toBe(-1);
  });

  it('puts segregations not placed in lanes of their own above the positions, over their rule window, and refuses a drop there', () => {
    // Two overlapping windows and a third after them: two lanes hold them.
    const unplaced = [
      { segregation_id: 1001, flight_id: 101, bags: 20, containers: 1, start: '2017-01-02T07:00:00Z', end: '2017-01-02T09:00:00Z' },
      { segregation_id: 1002, flight_id: 102, bags: 90, containers: 3, start: '2017-01-02T08:00:00Z', end: '2017-01-02T10:00:00Z' },
      { segregation_id: 1000, flight_id: 100, bags: 150, containers: 4, start: '2017-01-02T09:30:00Z', end: '2017-01-02T10:00:00Z' },
    ];
    const withUnplaced = buildMakeupGantt({ ...makeupData, unplaced }, options);
    expect(withUnplaced.lanes.map((l) => l.resourceName)).toEqual(['Not placed', 'Not placed', 'Carousel 1', 'Carousel 1', 'Chute 1']);
    expect(withUnplaced.groups[0]).toEqual({ level: 'zone', label: 'Not placed', first: 0, count: 2 });
    expect(withUnplaced.groups.filter((g) => g.level === 'resource').map((g) => g.first)).toEqual([2, 4]);
    const notPlaced = withUnplaced.bars.filter((b) => b.id < 0);
    expect(notPlaced.map((b) => [b.id, b.lane, b.start, b.end])).toEqual([
      [-1001, 0, 120, 240],
      [-1002, 1, 180, 300],
      [-1000, 0, 270, 300],
    ]);
    expect(notPlaced[1].details).toContain('90 bags · 3 containers');
    expect(notPlaced[1].details).toContain('not placed: its rule allows 03:00–05:00');
    // The allocations keep their positions, two lanes further down.
    expect(withUnplaced.bars.filter((b) => b.id > 0).map((b) => b.lane)).toEqual([2, 3, 3, 4]);
    expect(dropProblem(withUnplaced, withUnplaced.bars[0], { lane: 1, start: 0 })).toBe('Drop it on a make-up position.');
    expect(dropProblem(withUnplaced, notPlaced[0], { lane: 4, start: 120 })).toBeNull();
  });
});
