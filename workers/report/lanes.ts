// The rows of a planning Gantt and the clashes on them, shared by the report renderers and the
// planning screens: make-up positions grouped by resource and zone, check-in counters grouped by
// zone (island), and which bars overlap on a lane once the clearing buffer is added.
import type { ReportResource, ReportZone } from './types';

export type Lane = {
  /** "resourceId:position". */
  key: string;
  resourceId: number;
  /** 0-based position on the resource (always 0 for a counter). */
  position: number;
  label: string;
  resourceName: string;
  zoneId: number;
  zoneName: string;
};

/** A run of lanes under one heading: a zone, or a resource inside a zone. */
export type LaneGroup = { level: 'zone' | 'resource'; label: string; first: number; count: number };

export type Lanes = { lanes: Lane[]; groups: LaneGroup[] };

export const MAKEUP_TYPES: ReadonlySet<string> = new Set(['makeup_carousel', 'makeup_lateral', 'makeup_chute']);
/** The counters the check-in allocation places flights on (kiosks are common use). */
const COUNTER_TYPES: ReadonlySet<string> = new Set(['fullservice', 'bagdrop']);

export const laneKey = (resourceId: number, position: number) => `${resourceId}:${position}`;

const TYPE_WORDS: Record<string, string> = {
  makeup_carousel: 'carousel',
  makeup_lateral: 'lateral',
  makeup_chute: 'chute',
  fullservice: 'counter',
  bagdrop: 'bag drop',
};

const resourceTypeWord = (type: string) => TYPE_WORDS[type] ?? type;

const byOrder = (a: ReportResource, b: ReportResource) =>
  a.display_order - b.display_order || a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id - b.id;

function zonesWith(zones: readonly ReportZone[], resources: readonly ReportResource[]) {
  const used = new Set(resources.map((r) => r.zone_id));
  return zones.filter((z) => used.has(z.id)).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id - b.id);
}

/** One lane per make-up position, grouped by zone and then resource. */
export function makeupLanes(zones: readonly ReportZone[], resources: readonly ReportResource[]): Lanes {
  const makeup = resources.filter((r) => MAKEUP_TYPES.has(r.resource_type));
  const lanes: Lane[] = [];
  const groups: LaneGroup[] = [];
  for (const zone of zonesWith(zones, makeup)) {
    const zoneFirst = lanes.length;
    for (const resource of makeup.filter((r) => r.zone_id === zone.id).sort(byOrder)) {
      const first = lanes.length;
      for (let position = 0; position < Math.max(1, resource.positions); position++) {
        lanes.push({
          key: laneKey(resource.id, position),
          resourceId: resource.id,
          position,
          label: `P${position + 1}`,
          resourceName: resource.name,
          zoneId: zone.id,
          zoneName: zone.name,
        });
      }
      groups.push({ level: 'resource', label: `${resource.name} (${resourceTypeWord(resource.resource_type)})`, first, count: lanes.length - first });
    }
    groups.push({ level: 'zone', label: zone.name, first: zoneFirst, count: lanes.length - zoneFirst });
  }
  return { lanes, groups };
}

/** One lane per check-in counter or bag drop, grouped by zone (island), in display order. */
export function counterLanes(zones: readonly ReportZone[], resources: readonly ReportResource[]): Lanes {
  const counters = resources.filter((r) => COUNTER_TYPES.has(r.resource_type));
  const lanes: Lane[] = [];
  const groups: LaneGroup[] = [];
  for (const zone of zonesWith(zones, counters)) {
    const first = lanes.length;
    for (const resource of counters.filter((r) => r.zone_id === zone.id).sort(byOrder)) {
      lanes.push({
        key: laneKey(resource.id, 0),
        resourceId: resource.id,
        position: 0,
        label: resource.name,
        resourceName: resource.name,
        zoneId: zone.id,
        zoneName: zone.name,
      });
    }
    groups.push({ level: 'zone', label: zone.name, first, count: lanes.length - first });
  }
  return { lanes, groups };
}

/** A bar as the clash check sees it: lanes [lane, lane + span), minutes [start, end). */
export type LaneInterval = { id: number; lane: number; span?: number; start: number; end: number };

/**
 * The ids of bars sharing a lane with another bar at some moment, a bar holding its lane until
 * `buffer` minutes after its end. Lanes of -1 (off the chart) never clash.
 */
export function clashingIds(intervals: readonly LaneInterval[], buffer = 0): Set<number> {
  const byLane = new Map<number, LaneInterval[]>();
  for (const it of intervals) {
    for (let lane = it.lane; lane >= 0 && lane < it.lane + (it.span ?? 1); lane++) {
      const list = byLane.get(lane);
      if (list) list.push(it);
      else byLane.set(lane, [it]);
    }
  }
  const clashing = new Set<number>();
  for (const list of byLane.values()) {
    list.sort((a, b) => a.start - b.start);
    let active: LaneInterval[] = [];
    for (const it of list) {
      active = active.filter((a) => a.end + buffer > it.start);
      for (const a of active) {
        if (a.id === it.id) continue;
        clashing.add(a.id);
        clashing.add(it.id);
      }
      active.push(it);
    }
  }
  return clashing;
}

/** The bars on `lanes` that a bar placed at [start, end) would clash with (buffer included both ways). */
export function clashesAt(intervals: readonly LaneInterval[], moving: LaneInterval, buffer = 0): LaneInterval[] {
  const lo = moving.lane;
  const hi = moving.lane + (moving.span ?? 1);
  return intervals.filter(
    (it) => it.id !== moving.id && it.lane < hi && it.lane + (it.span ?? 1) > lo && it.start < moving.end + buffer && moving.start < it.end + buffer,
  );
}
