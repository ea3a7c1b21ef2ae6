// API rows to the make-up Gantt (pure, tested): a lane per make-up position, a bar per baggage
// allocation in its airline's primary colour, clashes on a position with the clearing buffer, and
// an overload flag on a position fed more bags an hour than it can load. Segregations not placed
// sit in lanes of their own above the positions, over their rule's window, to be dragged onto one.
import { ganttLookups } from '../../../../workers/report/ganttLookups';
import { clashingIds, laneKey, makeupLanes } from '../../../../workers/report/lanes';
import { clockLabel, dayDomain } from '../../../../workers/report/time';
import type { Lane, LaneGroup } from '../../../../workers/report/lanes';
import type { MakeupGanttData, ReportUnplaced } from '../../../../workers/report/types';
import type { GanttBar, GanttModel } from './ganttModel';

export type MakeupOptions = { bufferMinutes: number; maxBagsPerHour: number };

const bagsPerHour = (bags: number, start: number, end: number) => (end > start ? (bags * 60) / (end - start) : Infinity);

/** The lanes of segregations not placed: resource -1, the first ones on the chart. */
const NOT_PLACED = 'Not placed';
export const isNotPlacedLane = (lane: Lane | undefined) => lane !== undefined && lane.resourceId < 0;

/** Lanes enough to hold the windows side by side without overlap (greedy, by start). */
function packWindows(windows: ReadonlyArray<{ start: number; end: number }>): number[] {
  const order = windows.map((_, i) => i).sort((a, b) => windows[a].start - windows[b].start);
  const laneEnds: number[] = [];
  const laneOf = new Array<number>(windows.length);
  for (const i of order) {
    const lane = laneEnds.findIndex((end) => end <= windows[i].start);
    laneOf[i] = lane >= 0 ? lane : laneEnds.length;
    laneEnds[laneOf[i]] = windows[i].end;
  }
  return laneOf;
}

function notPlacedLanes(count: number): { lanes: Lane[]; group: LaneGroup[] } {
  const lanes = Array.from({ length: count }, (_, i): Lane => ({
    key: `unplaced:${i}`,
    resourceId: -1,
    position: i,
    label: '',
    resourceName: NOT_PLACED,
    zoneId: -1,
    zoneName: NOT_PLACED,
  }));
  return { lanes, group: count > 0 ? [{ level: 'zone', label: NOT_PLACED, first: 0, count }] : [] };
}

export function buildMakeupGantt(data: MakeupGanttData, { bufferMinutes, maxBagsPerHour }: MakeupOptions): GanttModel {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const positions = makeupLanes(data.zones, data.resources);
  const unplaced = data.unplaced ?? [];
  const windows = unplaced.map((u) => ({ start: clock.toMinutes(u.start), end: clock.toMinutes(u.end) }));
  const packed = packWindows(windows);
  const top = notPlacedLanes(packed.length ? Math.max(...packed) + 1 : 0);
  const lanes = [...top.lanes, ...positions.lanes];
  const groups = [...top.group, ...positions.groups.map((g) => ({ ...g, first: g.first + top.lanes.length }))];
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));
  const segregations = new Map(data.segregations.map((s) => [s.id, s]));
  const nameOf = (flightId: number) => {
    const flight = flights.get(flightId);
    const code = flight ? (codes.get(flight.airline_id) ?? '') : '';
    return { flight, code, name: flight ? `${code} ${flight.flight_number}` : `Flight ${flightId}` };
  };

  const bars: GanttBar[] = data.allocations.map((a) => {
    const { flight, code, name } = nameOf(a.flight_id);
    const segregation = segregations.get(a.segregation_id)?.name ?? `#${a.segregation_id}`;
    const lane = laneOf.get(laneKey(a.resource_id, a.position_index)) ?? -1;
    const start = clock.toMinutes(a.start);
    const end = clock.toMinutes(a.end);
    const where = lane >= 0 ? `${lanes[lane].resourceName} ${lanes[lane].label}` : `resource #${a.resource_id}, position ${a.position_index + 1}`;
    return {
      id: a.id,
      rowIds: [a.id],
      lane,
      span: 1,
      start,
      end,
      colour: colour(code),
      airline: code,
      label: `${name} ${segregation}`,
      details: [
        `${name} · segregation ${segregation}`,
        `${a.bags} bags · ${a.containers} container${a.containers === 1 ? '' : 's'}`,
        `${clockLabel(start)}–${clockLabel(end)} · ${where}`,
        ...(flight ? [`STD ${clockLabel(clock.toMinutes(flight.scheduled))}`] : []),
      ],
      clash: false,
      overload: bagsPerHour(a.bags, start, end) > maxBagsPerHour,
      locked: a.locked,
    };
  });
  bars.push(
    ...unplaced.map((u, i) =>
      notPlacedBar(u, packed[i], windows[i], nameOf(u.flight_id), segregations.get(u.segregation_id)?.name ?? `#${u.segregation_id}`, colour, clock),
    ),
  );
  const clashing = clashingIds(bars, bufferMinutes);
  for (const bar of bars) bar.clash = clashing.has(bar.id);
  return { lanes, groups, bars, domain: dayDomain(bars), buffer: bufferMinutes, offChart: bars.filter((b) => b.lane < 0).length };
}

/** A segregation not placed, over its rule's window; its id is the segregation's, negated. */
function notPlacedBar(
  u: ReportUnplaced,
  lane: number,
  window: { start: number; end: number },
  who: { flight: { scheduled: string } | undefined; code: string; name: string },
  segregation: string,
  colour: (code: string) => string,
  clock: { toMinutes(iso: string): number },
): GanttBar {
  return {
    id: -u.segregation_id,
    rowIds: [],
    lane,
    span: 1,
    ...window,
    colour: colour(who.code),
    airline: who.code,
    label: `${who.name} ${segregation}`,
    details: [
      `${who.name} · segregation ${segregation}`,
      `${u.bags} bags · ${u.containers} container${u.containers === 1 ? '' : 's'}`,
      `not placed: its rule allows ${clockLabel(window.start)}–${clockLabel(window.end)}`,
      ...(who.flight ? [`STD ${clockLabel(clock.toMinutes(who.flight.scheduled))}`] : []),
    ],
    clash: false,
    overload: false,
    locked: false,
  };
}
