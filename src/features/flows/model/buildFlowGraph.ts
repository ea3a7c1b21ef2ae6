// Builds the flow graph from the scenario's data (SPEC section 2): the airlines that have a
// segregation on a flight of the selected schedule (one per code, sorted by code) with their
// segregation names (unique, sorted), one area group per check-in zone holding Queue 1, Queue 2
// and its check-in resources, and the security outputs; laid out with the constants of section 9.
import {
  AIRLINE_SPACING_Y,
  AREA_COLUMN_X,
  AREA_HEIGHT,
  AREA_SPACING_Y,
  AREA_WIDTH,
  OUTPUT_COLUMN_X,
  QUEUE_X,
  QUEUE_Y,
  resourcePosition,
} from './layoutConstants';
import type { CheckinResourceType, FlowGraph, FlowNode, OutputNode, QueueNumber } from './types';

export type FlowSourceData = {
  airlines: { id: number; code: string; name: string }[];
  segregations: { name: string; flight: { airline: { id: number; code: string } } }[];
  zones: { id: number; name: string; kind: string }[];
  resources: {
    id: number;
    zone_id: number;
    name: string;
    resource_type: string;
    service_mean_seconds: number | null;
    service_cv: number | null;
    display_order: number;
  }[];
  colours: { code: string; primary: string }[];
};

const AIRLINE_COLOUR_ALPHA = 0.8;
/** Light blue (#ADD8E6) at the same alpha, for airlines without a brand colour. */
export const FALLBACK_AIRLINE_COLOUR = `rgba(173, 216, 230, ${AIRLINE_COLOUR_ALPHA})`;
const FALLBACK_OUTPUT_NAMES = ['Security South', 'Security North'] as const;
const QUEUE_NUMBERS: readonly QueueNumber[] = [1, 2];
const CHECKIN_TYPES = new Set<string>(['fullservice', 'kiosk', 'bagdrop']);

export const nodeId = {
  airline: (code: string) => `airline-${code}`,
  area: (zoneId: number) => `area-${zoneId}`,
  queue: (zoneId: number, queue: QueueNumber) => `queue-${zoneId}-${queue}`,
  resource: (resourceId: number) => `resource-${resourceId}`,
  output: (resourceId: number | null, name: string) =>
    resourceId === null ? `output-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : `output-${resourceId}`,
};

/** A #RGB or #RRGGBB colour at 80% alpha; anything else gives the light-blue fallback. */
export function airlineColour(primary: string | undefined): string {
  const hex = primary?.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return FALLBACK_AIRLINE_COLOUR;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${AIRLINE_COLOUR_ALPHA})`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The airlines to show, each with its sorted unique segregation names. */
export function airlinesWithSegregations(data: Pick<FlowSourceData, 'airlines' | 'segregations'>) {
  const names = new Map<string, Set<string>>();
  for (const s of data.segregations) {
    const code = s.flight.airline.code;
    if (!names.has(code)) names.set(code, new Set());
    names.get(code)!.add(s.name);
  }
  const byCode = new Map<string, FlowSourceData['airlines'][number]>();
  for (const a of data.airlines) if (!byCode.has(a.code) && names.has(a.code)) byCode.set(a.code, a);
  return [...byCode.values()].sort((a, b) => byText(a.code, b.code)).map((a) => ({ ...a, segregations: [...names.get(a.code)!].sort(byText) }));
}

export function buildFlowGraph(data: FlowSourceData): FlowGraph {
  const colours = new Map(data.colours.map((c) => [c.code, c.primary]));
  const nodes: FlowNode[] = airlinesWithSegregations(data).map((a, i) => ({
    id: nodeId.airline(a.code),
    type: 'airline',
    position: { x: 0, y: i * AIRLINE_SPACING_Y },
    // Above edges, which React Flow lifts over groups when they reach into one: the split
    // editors stay clickable wherever an edge runs.
    zIndex: 10,
    deletable: false,
    data: {
      airlineId: a.id,
      code: a.code,
      name: a.name,
      colour: airlineColour(colours.get(a.code)),
      segregations: a.segregations.map((name) => ({ name, splits: [] })),
    },
  }));

  const sortedResources = [...data.resources].sort((a, b) => a.display_order - b.display_order || byText(a.name, b.name));
  data.zones
    .filter((z) => z.kind === 'checkin')
    .forEach((zone, i) => {
      const areaId = nodeId.area(zone.id);
      nodes.push({
        id: areaId,
        type: 'area',
        position: { x: AREA_COLUMN_X, y: i * AREA_SPACING_Y },
        style: { width: AREA_WIDTH, height: AREA_HEIGHT },
        width: AREA_WIDTH,
        height: AREA_HEIGHT,
        deletable: false,
        data: { zoneId: zone.id, name: zone.name },
      });
      for (const queue of QUEUE_NUMBERS) {
        nodes.push({
          id: nodeId.queue(zone.id, queue),
          type: 'queue',
          parentId: areaId,
          extent: 'parent',
          position: { x: QUEUE_X[queue - 1], y: QUEUE_Y },
          deletable: false,
          data: { zoneId: zone.id, queue, label: `Queue ${queue}` },
        });
      }
      sortedResources
        .filter((r) => r.zone_id === zone.id && CHECKIN_TYPES.has(r.resource_type))
        .forEach((r, index) => {
          nodes.push({
            id: nodeId.resource(r.id),
            type: 'resource',
            parentId: areaId,
            extent: 'parent',
            position: resourcePosition(index),
            deletable: false,
            data: {
              resourceId: r.id,
              zoneId: zone.id,
              name: r.name,
              resourceType: r.resource_type as CheckinResourceType,
              serviceMeanSeconds: r.service_mean_seconds,
              serviceCv: r.service_cv,
            },
          });
        });
    });

  nodes.push(...securityOutputs(data));
  return { nodes, edges: [] };
}

/** One output per security lane of the security zones; the two named fallbacks when there are none. */
function securityOutputs(data: FlowSourceData): OutputNode[] {
  const securityZones = new Set(data.zones.filter((z) => z.kind === 'security').map((z) => z.id));
  const lanes = data.resources
    .filter((r) => securityZones.has(r.zone_id) && r.resource_type === 'security')
    .sort((a, b) => a.display_order - b.display_order || byText(a.name, b.name))
    .map((r) => ({ resourceId: r.id as number | null, name: r.name }));
  const outputs = lanes.length > 0 ? lanes : FALLBACK_OUTPUT_NAMES.map((name) => ({ resourceId: null, name }));
  return outputs.map((o, i) => ({
    id: nodeId.output(o.resourceId, o.name),
    type: 'output',
    position: { x: OUTPUT_COLUMN_X, y: i * AREA_SPACING_Y + (AREA_HEIGHT - 56) / 2 },
    deletable: false,
    data: o,
  }));
}
