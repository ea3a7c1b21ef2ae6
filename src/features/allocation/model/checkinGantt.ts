// API rows to the check-in counter Gantt (pure, tested): a lane per counter grouped by zone
// (island), and one bar per block, the counters next to each other in one island opened for the
// same flight (or airline) over the same window; counters used twice at once are clashes.
import { ganttLookups } from '../../../../workers/report/ganttLookups';
import { clashingIds, counterLanes, laneKey } from '../../../../workers/report/lanes';
import { clockLabel, dayDomain } from '../../../../workers/report/time';
import type { CheckinGanttData, ReportResourceAllocation } from '../../../../workers/report/types';
import { type GanttBar, type GanttModel, barPieces } from './ganttModel';

type Block = { lane: number; rows: ReportResourceAllocation[] };

/** Blocks of one owner in one island that follow on in time from the same first counter, chained. */
function stepChains(blocks: Block[], ownerOf: (b: Block) => string): Block[][] {
  const byStart = new Map<string, Block>();
  for (const b of blocks) if (b.lane >= 0) byStart.set(`${ownerOf(b)}|${b.lane}|${b.rows[0].start}`, b);
  const follows = new Set<Block>();
  const next = new Map<Block, Block>();
  for (const b of blocks) {
    const after = b.lane >= 0 ? byStart.get(`${ownerOf(b)}|${b.lane}|${b.rows[0].end}`) : undefined;
    if (after && after !== b) {
      next.set(b, after);
      follows.add(after);
    }
  }
  const chains: Block[][] = [];
  for (const b of blocks) {
    if (follows.has(b)) continue;
    const chain = [b];
    for (let n = next.get(b); n; n = next.get(n)) chain.push(n);
    chains.push(chain);
  }
  return chains;
}

export function buildCheckinGantt(data: CheckinGanttData): GanttModel {
  const { clock, flights, codes, colour } = ganttLookups(data);
  const { lanes, groups } = counterLanes(data.zones, data.resources);
  const laneOf = new Map(lanes.map((l, i) => [l.key, i]));

  // Rows of one owner and window, by lane; runs of adjacent lanes in one zone become one block.
  const owners = new Map<string, { lane: number; row: ReportResourceAllocation }[]>();
  const offChart: ReportResourceAllocation[] = [];
  for (const row of data.allocations) {
    const lane = laneOf.get(laneKey(row.resource_id, 0));
    if (lane === undefined) {
      offChart.push(row);
      continue;
    }
    const key = `${row.flight_id ?? `a${row.airline_id}`}|${row.start}|${row.end}|${lanes[lane].zoneId}`;
    const list = owners.get(key);
    if (list) list.push({ lane, row });
    else owners.set(key, [{ lane, row }]);
  }
  const blocks: Block[] = [];
  for (const list of owners.values()) {
    list.sort((a, b) => a.lane - b.lane);
    let current: Block | null = null;
    for (const item of list) {
      if (current && current.lane + current.rows.length === item.lane) current.rows.push(item.row);
      else blocks.push((current = { lane: item.lane, rows: [item.row] }));
    }
  }
  for (const row of offChart) blocks.push({ lane: -1, rows: [row] });
  const ownerOf = (b: Block) => `${b.rows[0].flight_id ?? `a${b.rows[0].airline_id}`}|${lanes[b.lane]?.zoneId}`;

  const bars: GanttBar[] = stepChains(blocks, ownerOf).map((chain) => {
    const { lane, rows } = chain[0];
    const first = rows[0];
    const flight = first.flight_id === null ? undefined : flights.get(first.flight_id);
    const code = codes.get(flight?.airline_id ?? first.airline_id ?? -1) ?? '';
    const name = flight ? `${code} ${flight.flight_number}` : code;
    const start = clock.toMinutes(first.start);
    const end = clock.toMinutes(chain.at(-1)!.rows[0].end);
    const span = Math.max(...chain.map((b) => b.rows.length));
    const widths = [...new Set(chain.map((b) => b.rows.length))].sort((a, b) => a - b);
    const counters = widths.length > 1 ? `${widths[0]}–${span} counters` : `${span} counter${span === 1 ? '' : 's'}`;
    const where =
      lane >= 0 ? `${lanes[lane].zoneName}, ${lanes[lane].label}${span > 1 ? `–${lanes[lane + span - 1].label}` : ''}` : `counter #${first.resource_id}`;
    const allRows = chain.flatMap((b) => b.rows);
    return {
      id: first.id,
      rowIds: allRows.map((r) => r.id),
      lane,
      span,
      start,
      end,
      ...(chain.length > 1 && {
        steps: chain.map((b) => ({ start: clock.toMinutes(b.rows[0].start), end: clock.toMinutes(b.rows[0].end), rowIds: b.rows.map((r) => r.id) })),
      }),
      colour: colour(code),
      airline: code,
      label: name,
      details: [
        flight ? name : `${code} common check-in`,
        `${counters} · ${where}`,
        `${clockLabel(start)}–${clockLabel(end)}${flight ? ` · STD ${clockLabel(clock.toMinutes(flight.scheduled))}` : ''}${chain.length > 1 ? ` · ${chain.length} phases` : ''}`,
      ],
      clash: false,
      overload: false,
      locked: allRows.every((r) => r.locked),
    };
  });
  const clashing = clashingIds(bars.flatMap(barPieces), 0);
  for (const bar of bars) bar.clash = clashing.has(bar.id);
  return { lanes, groups, bars, domain: dayDomain(bars), buffer: 0, offChart: offChart.length };
}
