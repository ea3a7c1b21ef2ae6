// A drag to a drop (snapped, clamped), the client-side checks (clash with buffer, island), and
// the PATCH bodies: one baggage allocation, or every counter of a block in one bulk call.
import { describe, expect, it } from 'vitest';
import { checkinData, makeupData, phasedCheckinData } from '../../../../workers/report/fixture.test-data';
import { dayClock } from '../../../../workers/report/time';
import { buildCheckinGantt } from './checkinGantt';
import { buildMakeupGantt } from './makeupGantt';
import { counterBlockPatch, dropFor, dropProblem, isMove, makeupPatch, withBarMoved } from './moves';

const clock = dayClock('2017-01-02', 'America/New_York');
const makeup = buildMakeupGantt(makeupData, { bufferMinutes: 5, maxBagsPerHour: 150 });
const bar = (id: number) => makeup.bars.find((b) => b.id === id)!;

describe('dropFor', () => {
  it('snaps to 5 minutes and keeps the bar on the chart', () => {
    expect(dropFor(makeup, bar(1), 1, 13)).toEqual({ lane: 1, start: 170 });
    expect(dropFor(makeup, bar(1), 9, -1000)).toEqual({ lane: 2, start: 0 });
    expect(isMove(bar(1), dropFor(makeup, bar(1), 0, 2))).toBe(false);
    // A bar off the 5-minute grid moved across lanes keeps its times; in time, it moves by steps.
    const offGrid = { ...bar(1), start: 157, end: 267 };
    expect(dropFor(makeup, offGrid, 1, 1)).toEqual({ lane: 1, start: 157 });
    expect(dropFor(makeup, offGrid, 0, 4)).toEqual({ lane: 0, start: 162 });
  });
});

describe('dropProblem', () => {
  it('accepts a free position and refuses one held inside the buffer', () => {
    expect(dropProblem(makeup, bar(1), { lane: 2, start: 155 })).toBeNull();
    // Allocation 2 holds Carousel 1 P2 from 07:30: a 110-minute bar there must end by 07:25.
    expect(dropProblem(makeup, bar(1), { lane: 1, start: 340 })).toBe('Overlaps AA 100 J 07:30–09:20 on Carousel 1 P2 (with the 5-minute buffer).');
    expect(dropProblem(makeup, bar(1), { lane: 1, start: 335 })).toBeNull();
    // Allocation 3 holds it until 10:20: free again from 10:25.
    expect(dropProblem(makeup, bar(4), { lane: 1, start: 622 })).toMatch(/^Overlaps AA <7&> Y 09:23–10:20/);
    expect(dropProblem(makeup, bar(4), { lane: 1, start: 625 })).toBeNull();
  });

  it('keeps a counter block inside one island', () => {
    const twoIslands = {
      ...checkinData,
      zones: [...checkinData.zones, { id: 3, name: 'Island 2', kind: 'checkin' }],
      resources: [...checkinData.resources, { id: 30, zone_id: 3, name: 'D1', resource_type: 'fullservice', positions: 1, display_order: 1 }],
    };
    const model = buildCheckinGantt(twoIslands);
    const block = model.bars[0];
    expect(dropProblem(model, block, { lane: 2, start: block.start + 600 })).toBe('The block of 2 counters must stay inside one island.');
    expect(dropProblem(model, block, { lane: 1, start: block.start })).toBeNull();
    expect(dropProblem(model, block, { lane: 1, start: 400 })).toMatch(/^Overlaps AA 06:00–09:00 on C2/);
  });
});

describe('the patches', () => {
  it("moves a make-up allocation to the lane's resource and position, same length, locked", () => {
    expect(makeupPatch(makeup, bar(1), { lane: 2, start: 180 }, clock.toIso)).toEqual({
      resource_id: 11,
      position_index: 0,
      start: '2017-01-02T08:00:00.000Z',
      end: '2017-01-02T09:50:00.000Z',
      locked: true,
    });
  });

  it('moves every counter of a block in lane order', () => {
    const model = buildCheckinGantt(checkinData);
    expect(counterBlockPatch(model, model.bars[0], { lane: 1, start: 125 }, clock.toIso)).toEqual([
      { id: 1, resource_id: 21, start: '2017-01-02T07:05:00.000Z', end: '2017-01-02T09:25:00.000Z', locked: true },
      { id: 2, resource_id: 22, start: '2017-01-02T07:05:00.000Z', end: '2017-01-02T09:25:00.000Z', locked: true },
    ]);
  });

  it('shows the moved bar locked while it saves', () => {
    const moved = withBarMoved(makeup, bar(1), { lane: 2, start: 180 }).bars.find((b) => b.id === 1)!;
    expect(moved).toMatchObject({ lane: 2, start: 180, end: 290, locked: true });
  });

  it("moves a stepped block's phases together, each keeping its counters and window", () => {
    const model = buildCheckinGantt({ ...phasedCheckinData, allocations: phasedCheckinData.allocations.slice(0, 5) });
    const stepped = model.bars[0];
    // Half an hour later: the phases of C1–C2 and C1–C3 keep their widths.
    expect(counterBlockPatch(model, stepped, { lane: 0, start: stepped.start + 30 }, clock.toIso)).toEqual([
      { id: 11, resource_id: 20, start: '2017-01-02T11:30:00.000Z', end: '2017-01-02T12:00:00.000Z', locked: true },
      { id: 12, resource_id: 21, start: '2017-01-02T11:30:00.000Z', end: '2017-01-02T12:00:00.000Z', locked: true },
      { id: 13, resource_id: 20, start: '2017-01-02T12:00:00.000Z', end: '2017-01-02T12:30:00.000Z', locked: true },
      { id: 14, resource_id: 21, start: '2017-01-02T12:00:00.000Z', end: '2017-01-02T12:30:00.000Z', locked: true },
      { id: 15, resource_id: 22, start: '2017-01-02T12:00:00.000Z', end: '2017-01-02T12:30:00.000Z', locked: true },
    ]);
    expect(withBarMoved(model, stepped, { lane: 0, start: stepped.start + 30 }).bars[0].steps!.map((s) => [s.start, s.end])).toEqual([
      [390, 420],
      [420, 450],
    ]);
  });

  it('judges a stepped block by its phases, not by the box around them', () => {
    const model = buildCheckinGantt(phasedCheckinData);
    const [stepped, alone] = model.bars;
    // C3 from 07:00 lies under the stepped block's box but beside its last phase (C1 alone).
    expect(dropProblem(model, alone, { lane: 2, start: 420 })).toBeNull();
    // Half an hour earlier it meets the phase that holds C1–C3.
    expect(dropProblem(model, alone, { lane: 2, start: 390 })).toBe('Overlaps AA 06:30–07:00 on C3.');
    expect(dropProblem(model, stepped, { lane: 0, start: stepped.start })).toBeNull();
  });
});
