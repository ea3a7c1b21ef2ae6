// The report renderers: well-formed SVG, one bar per allocation on the right row, local-time
// axis labels, airline colours, conflicts outlined, occupancy counted per slot.
import { describe, expect, it } from 'vitest';
import { renderCheckinGanttSvg, renderMakeupGanttSvg, renderOccupancySvg, occupancySeries } from './index';
import { checkinData, makeupData, wellFormedErrors } from './fixture.test-data';
import { clashingIds, counterLanes, makeupLanes } from './lanes';
import { dayClock, clockLabel, dayClockLabel } from './time';
import { airlineColours, colourDistance } from './colours';

const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;
const bars = (svg: string) =>
  [...svg.matchAll(/<rect class="bar" ([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe('the design-day clock', () => {
  it('counts minutes from local midnight of the design date', () => {
    const clock = dayClock('2017-01-02', 'America/New_York');
    expect(clock.toMinutes('2017-01-02T10:05:00Z')).toBe(5 * 60 + 5);
    expect(clock.toIso(305)).toBe('2017-01-02T10:05:00.000Z');
    expect(clockLabel(1470)).toBe('00:30');
    expect(clockLabel(-30)).toBe('23:30');
  });

  it('says the day of a time off the design day, as the Gantt window does', () => {
    expect([120, 1440, 1470, -30, 2880].map(dayClockLabel)).toEqual(['02:00', '00:00 +1', '00:30 +1', '23:30 -1', '00:00 +2']);
  });
});

describe('the lanes', () => {
  it('gives every make-up position a lane, grouped by resource inside the zone', () => {
    const { lanes, groups } = makeupLanes(makeupData.zones, makeupData.resources);
    expect(lanes.map((l) => `${l.resourceName} ${l.label}`)).toEqual(['Carousel 1 P1', 'Carousel 1 P2', 'Chute 1 P1']);
    expect(groups).toEqual([
      { level: 'resource', label: 'Carousel 1 (carousel)', first: 0, count: 2 },
      { level: 'resource', label: 'Chute 1 (chute)', first: 2, count: 1 },
      { level: 'zone', label: 'Baggage make-up', first: 0, count: 3 },
    ]);
  });

  it('gives counters and bag drops a lane per zone, not kiosks', () => {
    const { lanes, groups } = counterLanes(checkinData.zones, checkinData.resources);
    expect(lanes.map((l) => l.label)).toEqual(['C1', 'C2', 'C3']);
    expect(groups).toEqual([{ level: 'zone', label: 'Island 1', first: 0, count: 3 }]);
  });

  it('finds bars clashing on a lane, the buffer included, and not across lanes', () => {
    const bars = [
      { id: 1, lane: 0, start: 0, end: 100 },
      { id: 2, lane: 0, start: 103, end: 200 },
      { id: 3, lane: 1, start: 50, end: 60 },
      { id: 4, lane: 0, start: 300, end: 400, span: 2 },
      { id: 5, lane: 1, start: 390, end: 420 },
    ];
    expect([...clashingIds(bars, 0)].sort()).toEqual([4, 5]);
    expect([...clashingIds(bars, 5)].sort()).toEqual([1, 2, 4, 5]);
  });
});

describe('renderMakeupGanttSvg', () => {
  const svg = renderMakeupGanttSvg(makeupData);

  it('is well-formed SVG with escaped text', () => {
    expect(wellFormedErrors(svg)).toEqual([]);
    expect(svg).toContain('AA &lt;7&amp;&gt;');
  });

  it('draws one bar per allocation on its position row', () => {
    const drawn = bars(svg);
    expect(drawn).toHaveLength(makeupData.allocations.length);
    const ys = drawn.map((b) => Number(b.y));
    // Rows: Carousel 1 P1, P1, P2, Chute 1 P1 -> allocation 2 and 3 share a row.
    expect(ys[1]).toBe(ys[2]);
    expect(ys[0]).toBeLessThan(ys[1]);
    expect(ys[3]).toBeGreaterThan(ys[1]);
  });

  it('labels the axis in local time and the rows by resource', () => {
    expect(count(svg, /class="axis-label"/g)).toBeGreaterThan(10);
    expect(svg).toContain('>04:00<');
    expect(svg).toContain('Carousel 1 (carousel)');
    expect(svg).toContain('Baggage make-up');
  });

  it('colours bars by airline and outlines the two inside the buffer', () => {
    const drawn = bars(svg);
    expect(drawn[0].fill).toBe('#003876');
    expect(drawn.map((b) => b.stroke)).toEqual(['none', '#c62828', '#c62828', 'none']);
  });
});

describe('renderCheckinGanttSvg', () => {
  const svg = renderCheckinGanttSvg(checkinData);

  it('is well-formed with one bar per counter allocation and axis labels', () => {
    expect(wellFormedErrors(svg)).toEqual([]);
    expect(bars(svg)).toHaveLength(3);
    expect(svg).toContain('>06:00<');
    expect(svg).toContain('Island 1');
    expect(svg).toContain('AA common');
  });

  it('says under its title where the design day came from, when it is known', () => {
    expect(svg).toContain('>2017-01-02 · 3 counters · 3 counter allocations<');
    const sourced = renderCheckinGanttSvg({ ...checkinData, day: { ...checkinData.day, source: 'from jfk-2017.csv by nth-busiest 30' } });
    expect(sourced).toContain('>2017-01-02 (from jfk-2017.csv by nth-busiest 30) · 3 counters · 3 counter allocations<');
  });
});

describe('renderOccupancySvg', () => {
  it('counts positions in use per slot', () => {
    const series = occupancySeries({ ...makeupData, slotMinutes: 60 }, 0, 1440);
    const carousel = series.find((s) => s.resourceId === 10)!;
    // 02:35-04:25 on P1 covers the 02, 03 and 04 o'clock slots.
    expect(carousel.slots.slice(2, 5)).toEqual([1, 1, 1]);
    expect(carousel.slots[1]).toBe(0);
    // 09:23-10:20 (allocation 3) and 07:30-09:20 (allocation 2): both in the 09 slot.
    expect(carousel.slots[9]).toBe(2);
  });

  it('is a well-formed heatmap: a row per make-up resource, a shade per run of equal slots, a labelled axis and key', () => {
    const svg = renderOccupancySvg(makeupData);
    expect(wellFormedErrors(svg)).toEqual([]);
    expect(svg).toContain('>Carousel 1 (Baggage make-up): 2 positions<');
    expect(svg).toContain('>Chute 1 (Baggage make-up): 1 position<');
    // Every slot of the day is covered once per row, and the cells say what they show.
    const cells = [...svg.matchAll(/<rect class="cell" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/g)];
    for (const row of new Set(cells.map((c) => c[2]))) {
      const widths = cells.filter((c) => c[2] === row).reduce((a, c) => a + Number(c[3]), 0);
      expect(widths).toBeCloseTo(1200 - 260 - 24, 0);
    }
    expect(svg).toContain('<title>Carousel 1 (Baggage make-up) 02:35–04:25: 1 of 2 positions</title>');
    expect(svg).toContain('<title>Carousel 1 (Baggage make-up) 04:25–07:30: 0 of 2 positions</title>');
    expect(svg).toContain('Positions in use:');
    expect(svg).toContain('Time of day (local)');
    expect(svg).toContain('>06:00<');
  });
});

describe('the well-formedness check itself', () => {
  it('catches unclosed and crossed tags and raw ampersands', () => {
    expect(wellFormedErrors('<svg><g></svg>')).not.toEqual([]);
    expect(wellFormedErrors('<svg><text>a & b</text></svg>')).not.toEqual([]);
    expect(wellFormedErrors('<svg><text>ok</text></svg>')).toEqual([]);
  });
});

describe('an allocation stored with an absurd span', () => {
  // Stored before dates were bounded: a counter allocation from 2017 to 9999 once made the
  // report job fail (a string too long to build). The charts keep to the design day and its
  // neighbours, and the bar runs to the edge.
  const endless = { ...checkinData.allocations[0], end: '9999-12-31T00:00:00Z' };

  it('draws the check-in Gantt over at most three days with the bar cut at the edge', () => {
    const svg = renderCheckinGanttSvg({ ...checkinData, allocations: [endless] });
    expect(wellFormedErrors(svg)).toEqual([]);
    expect(svg.length).toBeLessThan(50_000);
    const [bar] = bars(svg);
    expect(Number(bar.x) + Number(bar.width)).toBe(1600 - 16);
  });

  it('counts occupancy over the same window', () => {
    const allocations = [{ ...makeupData.allocations[0], start: '1900-01-01T00:00:00Z', end: '9999-12-31T00:00:00Z' }];
    const svg = renderOccupancySvg({ ...makeupData, allocations });
    expect(wellFormedErrors(svg)).toEqual([]);
    expect(svg.length).toBeLessThan(200_000);
    expect(svg).toContain('>00:00<');
  });
});

describe('airline colours on one chart', () => {
  it("keeps the busiest airline's brand colour and gives an airline too alike another colour, all told apart", () => {
    const brands = [
      { code: 'B6', primary: '#003876' },
      { code: 'DL', primary: '#003366' },
      { code: 'AA', primary: '#0078d2' },
    ];
    const colour = airlineColours(brands, ['B6', 'DL', 'AA']);
    expect(colour('B6')).toBe('#003876');
    expect(colour('AA')).toBe('#0078d2');
    expect(colour('DL')).not.toBe('#003366');
    const shown = ['B6', 'DL', 'AA'].map(colour);
    for (const a of shown) for (const b of shown) if (a !== b) expect(colourDistance(a, b)).toBeGreaterThanOrEqual(120);
    // Alone on a chart, an airline keeps its own colour.
    expect(airlineColours(brands, ['DL'])('DL')).toBe('#003366');
  });
});
