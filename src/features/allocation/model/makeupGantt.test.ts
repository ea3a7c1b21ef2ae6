// API rows to the make-up Gantt: lanes per position grouped by resource and zone, a bar per
// allocation on its position in its airline colour, clashes with the buffer, overload by bags/h.
import { describe, expect, it } from 'vitest';
import { makeupData } from '../../../../workers/report/fixture.test-data';
import { buildMakeupGantt } from './makeupGantt';
import { countFlags } from './ganttModel';

const options = { bufferMinutes: 5, maxBagsPerHour: 150 };

describe('buildMakeupGantt', () => {
  const model = buildMakeupGantt(makeupData, options);

  it('has a lane per make-up position, grouped by resource and zone', () => {
    expect(model.lanes.map((l) => `${l.zoneName}/${l.resourceName}/${l.label}`)).toEqual(['Baggage make-up/Carousel 1/P1', 'Baggage make-up/Carousel 1/P2', 'Baggage make-up/Chute 1/P1']);
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
});
