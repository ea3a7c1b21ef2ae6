// The calls behind the flows and pax-stories screens: the scenario's airlines, segregations
// (cached 10 minutes per schedule, SPEC section 9), zones, resources and colours, and its
// passenger movement graph (the flow.json document), loaded and saved.
import { api } from '../../api/client';
import { ApiError, ifMatch, unwrap } from '../../api/errors';
import { buildFlowGraph, type FlowSourceData } from './model/buildFlowGraph';
import { withDefaultConnections } from './model/defaultFlow';
import { parseFlowDocument, type FlowDocument } from '../../../common/scenario/flowDocument';
import { applyFlowDocument } from './model/graphDocument';
import type { FlowGraph, PaxStory } from './model/types';
import { byWhomAndWhen, lastChanges } from '../../live/lastChange';

const SEGREGATIONS_CACHE_MS = 10 * 60 * 1000;
/** The name of the passenger movement graph the editor creates and updates. */
const FLOW_GRAPH_NAME = 'Check-in flow';

type Segregations = FlowSourceData['segregations'];
const segregationCache = new Map<number, { at: number; value: Promise<Segregations> }>();

/** Segregations of a schedule's flights; one call per schedule per 10 minutes. */
function segregationsBySource(sourceId: number, now = Date.now()): Promise<Segregations> {
  const cached = segregationCache.get(sourceId);
  if (cached && now - cached.at < SEGREGATIONS_CACHE_MS) return cached.value;
  const value = unwrap(api.GET('/api/segregations/by_airline_source/', { params: { query: { source_id: sourceId } } }));
  segregationCache.set(sourceId, { at: now, value });
  // A failure is not kept: the next visit asks again.
  value.catch(() => segregationCache.get(sourceId)?.value === value && segregationCache.delete(sourceId));
  return value;
}

export function forgetSegregationsCache(): void {
  segregationCache.clear();
}

/** The scenario's saved graph as the editor last read or wrote it: writes are made against its version. */
export type SavedFlow = { id: number; version: number };
type SavedGraph = (SavedFlow & { graph: unknown }) | null;

/** The id and version of a graph row (the API's, the screen's saved graph), and nothing else of it. */
export const savedFlowOf = ({ id, version }: SavedFlow): SavedFlow => ({ id, version });

/** What a save refused because someone else saved the flow meanwhile tells the planner: the choice is theirs. */
const FLOW_SAVED_ELSEWHERE = 'Someone else saved this flow since you opened it. Save again to keep yours over theirs, or reload the screen to take theirs.';

/** FLOW_SAVED_ELSEWHERE naming who saved `theirs` and when, as far as the scenario's History says. */
export async function savedElsewhereWords(scenarioId: number, theirs: SavedFlow): Promise<string> {
  const change = (await lastChanges(scenarioId, 'passenger_movement_graphs', [theirs.id])).get(theirs.id);
  if (!change) return FLOW_SAVED_ELSEWHERE;
  return `This flow was saved ${byWhomAndWhen(change)} since you opened it. Save again to keep yours over theirs, or reload the screen to take theirs.`;
}

/** The graph as someone else saved it, when a save was refused for that (412); null for any other failure. */
export function savedElsewhere(error: unknown): SavedFlow | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  return savedFlowOf(error.current as SavedFlow);
}
export type FlowScreenData = {
  source: FlowSourceData;
  hasSchedule: boolean;
  saved: SavedGraph;
  /** The default flow's check-in zone of each airline (by id), for an editor that starts from it. */
  airlineZones: Map<number, number>;
};

export async function loadFlowData(scenarioId: number): Promise<FlowScreenData> {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [scenario, zones, resources, colours, graphs, zoneOfAirline] = await Promise.all([
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    unwrap(api.GET('/api/zones/', query)),
    unwrap(api.GET('/api/allocation/resource/', query)),
    unwrap(api.GET('/api/airline-colours/')),
    unwrap(api.GET('/api/passenger-movement-graphs/', query)),
    // The server counts the departures per airline and zone, so the screen need not load every flight.
    unwrap(api.GET('/api/airlines/zones/', query)),
  ]);
  const airlineZoneIds = new Map(zoneOfAirline.map((z) => [z.airline_id, z.zone_id]));
  const sourceId = scenario.selected_schedule;
  const [airlines, segregations] =
    sourceId === null
      ? [[], []]
      : await Promise.all([unwrap(api.GET('/api/airlines/by_source/', { params: { query: { source_id: sourceId } } })), segregationsBySource(sourceId)]);
  const saved = graphs.find((g) => g.name === FLOW_GRAPH_NAME) ?? graphs[0] ?? null;
  return {
    source: { airlines, segregations, zones, resources, colours },
    hasSchedule: sourceId !== null,
    saved: saved && { id: saved.id, version: saved.version, graph: saved.graph },
    airlineZones: airlineZoneIds,
  };
}

/**
 * Creates the scenario's passenger movement graph, or updates the one it has as it was read
 * (refused with 412 if someone else saved it since: savedElsewhere); answers the saved graph.
 */
export async function saveFlowDocument(scenarioId: number, saved: SavedFlow | null, doc: FlowDocument): Promise<SavedFlow> {
  const graph = doc as unknown as Record<string, unknown>;
  const written = saved
    ? await unwrap(api.PATCH('/api/passenger-movement-graphs/{id}/', { params: { path: { id: saved.id }, header: ifMatch(saved) }, body: { graph } }))
    : await unwrap(api.POST('/api/passenger-movement-graphs/', { body: { scenario_id: scenarioId, name: FLOW_GRAPH_NAME, graph } }));
  return savedFlowOf(written);
}

/** The scenario's graph: built from its data, with the saved document laid over it. */
export function graphFromData(data: FlowScreenData): { graph: FlowGraph; stories: PaxStory[]; notice: string | null } {
  const fresh = buildFlowGraph(data.source);
  if (!data.saved) {
    const graph = withDefaultConnections(fresh, data.airlineZones);
    const notice =
      graph.edges.length > 0
        ? "No flow is saved yet: this is the default flow the simulation runs (each airline to Queue 1 of its zone, served by all its counters, then security shared evenly). Edit it and save it to make it the scenario's."
        : null;
    return { graph, stories: [], notice };
  }
  try {
    const applied = applyFlowDocument(fresh, parseFlowDocument(data.saved.graph));
    const { nodes, edges } = applied.dropped;
    const notice =
      nodes + edges > 0 ? `The saved flow named ${nodes} node(s) and ${edges} edge(s) that no longer exist in this scenario; they were left out.` : null;
    return { graph: applied.graph, stories: applied.stories, notice };
  } catch (error) {
    return { graph: fresh, stories: [], notice: `The saved flow could not be read (${(error as Error).message}); showing the scenario's data.` };
  }
}
