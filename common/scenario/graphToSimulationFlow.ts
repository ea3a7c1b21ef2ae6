// The saved flow graph as the simulation engine reads it: the `flow` section of the airport
// document (docs/simulation.md, "The airport document"). Splits lead by proportion to queues;
// a queue holds the resources it is connected to and leads to the security outputs those
// resources are connected to; a passenger story, where one exists for an airline and
// segregation, replaces that segregation's split with its own chain of steps. The airport
// document keeps service times per resource, so a story step's processing time is answered as
// a per-resource service to merge into the document's `resources`.
import { parseSplitId, shownProportions, splitId } from '../../workers/flow/splits';
import type { FlowDocument, FlowDocumentNode } from './flowDocument';
import type { PaxStory } from './paxStory';

type SimEdge = { node: string; proportion: number };
type SimulationFlow = {
  splits: { airline: string; segregation: string; to: SimEdge[] }[];
  queues: { id: string; name: string; resources: string[]; to: SimEdge[] }[];
  outputs: { id: string; name: string; resources: string[] }[];
};
export type SimulationFlowResult = {
  flow: SimulationFlow;
  /** Service times set by story steps, by resource key, in the airport document's units. */
  resourceService: Record<string, { mean_service_minutes: number; service_cv: number }>;
  /** What keeps the graph from being a complete movement graph, in words. */
  problems: string[];
};
export type SimulationFlowOptions = {
  /** The airport document's id of a resource; by default its database id as text. */
  resourceKey?: (resourceId: number) => string;
};

const queueStationId = (zoneId: number, queue: number) => `queue-${zoneId}-${queue}`;
const outputStationId = (resourceId: number) => `output-${resourceId}`;

/** Proportions shared equally among `nodes`, the last taking the rounding so they sum to `total`. */
function share(nodes: readonly string[], total: number): SimEdge[] {
  const each = Math.floor((total / nodes.length) * 1000) / 1000;
  return nodes.map((node, i) => ({ node, proportion: i === nodes.length - 1 ? total - each * (nodes.length - 1) : each }));
}

/** Adds up edges to the same node. */
function merge(edges: readonly SimEdge[]): SimEdge[] {
  const total = new Map<string, number>();
  for (const e of edges) total.set(e.node, (total.get(e.node) ?? 0) + e.proportion);
  return [...total].map(([node, proportion]) => ({ node, proportion }));
}

export function graphToSimulationFlow(doc: FlowDocument, options: SimulationFlowOptions = {}): SimulationFlowResult {
  const key = options.resourceKey ?? String;
  const problems: string[] = [];
  const nodes = new Map(doc.nodes.map((n) => [n.id, n]));
  const targetsOf = (id: string, handle?: string) =>
    doc.edges.filter((e) => e.source === id && (handle === undefined || e.source_handle === handle)).map((e) => nodes.get(e.target)!);

  const outputs: SimulationFlow['outputs'] = [];
  for (const n of doc.nodes.filter((n) => n.kind === 'output')) {
    if (n.resource_id == null) problems.push(`${n.name}: the scenario has no security lane for this output`);
    else outputs.push({ id: outputStationId(n.resource_id), name: n.name ?? '', resources: [key(n.resource_id)] });
  }
  const outputIds = new Set(outputs.map((o) => o.id));
  const outputsOf = (resource: FlowDocumentNode) =>
    targetsOf(resource.id)
      .filter((t) => t.kind === 'output' && t.resource_id != null && outputIds.has(outputStationId(t.resource_id)))
      .map((t) => outputStationId(t.resource_id!));

  const areaName = new Map(doc.nodes.filter((n) => n.kind === 'area').map((n) => [n.zone_id, n.name ?? '']));
  const queues: SimulationFlow['queues'] = [];
  for (const q of doc.nodes.filter((n) => n.kind === 'queue')) {
    const resources = targetsOf(q.id).filter((t) => t.kind === 'resource' && t.resource_id != null);
    if (resources.length === 0) continue;
    const reached = [...new Set(resources.flatMap(outputsOf))];
    queues.push({
      id: queueStationId(q.zone_id!, q.queue!),
      name: `${areaName.get(q.zone_id) ?? 'Zone'} ${q.name ?? `Queue ${q.queue}`}`,
      resources: resources.map((r) => key(r.resource_id!)),
      to: reached.length ? share(reached, 100) : [],
    });
  }
  const queueIds = new Set(queues.map((q) => q.id));

  const proportions = new Map<string, number[]>();
  for (const s of doc.splits) {
    const p = parseSplitId(s.id)!;
    const list = proportions.get(`${p.airlineCode}|${p.segregationName}`) ?? [];
    list[p.index] = s.proportion;
    proportions.set(`${p.airlineCode}|${p.segregationName}`, list);
  }

  const stories = new Map(doc.pax_stories.filter((s) => s.steps.some((step) => step.kind !== 'input')).map((s) => [`${s.airline}|${s.segregation}`, s]));
  const resourceService: SimulationFlowResult['resourceService'] = {};
  const splits: SimulationFlow['splits'] = [];
  for (const airline of doc.nodes.filter((n) => n.kind === 'airline')) {
    const code = airline.code ?? '';
    for (const segregation of airline.segregations ?? []) {
      const story = stories.get(`${code}|${segregation}`);
      if (story) {
        const to = storyToFlow(story, doc, { key, queues, outputs, resourceService, problems });
        if (to) splits.push({ airline: code, segregation, to });
        continue;
      }
      const shown = shownProportions(Array.from(proportions.get(`${code}|${segregation}`) ?? []));
      if (shown.reduce((a, b) => a + b, 0) !== 100) problems.push(`${code} ${segregation}: the splits do not total 100`);
      const to = shown.flatMap((proportion, i) => {
        if (proportion === 0) return [];
        const targets = targetsOf(airline.id, splitId(code, segregation, i))
          .filter((t) => t.kind === 'queue' && queueIds.has(queueStationId(t.zone_id!, t.queue!)))
          .map((t) => queueStationId(t.zone_id!, t.queue!));
        if (targets.length === 0) problems.push(`${code} ${segregation}: split ${i + 1} (${proportion}%) leads to no queue with resources`);
        return targets.length ? share(targets, proportion) : [];
      });
      if (to.length) splits.push({ airline: code, segregation, to: merge(to) });
    }
  }
  return { flow: { splits, queues, outputs }, resourceService, problems };
}

type StoryContext = {
  key: (id: number) => string;
  queues: SimulationFlow['queues'];
  outputs: SimulationFlow['outputs'];
  resourceService: SimulationFlowResult['resourceService'];
  problems: string[];
};

/** A story's chain of stations, added to the queues; answers where its passengers go first. */
function storyToFlow(story: PaxStory, doc: FlowDocument, ctx: StoryContext): SimEdge[] | null {
  const who = `${story.airline} ${story.segregation} story`;
  type Station = { zoneId: number | null; queue: number | null; process: Extract<PaxStory['steps'][number], { kind: 'process' }> | null };
  const stations: Station[] = [];
  let security: Station['process'] = null;
  let output: string[] | null = null;
  for (const step of story.steps) {
    if (step.kind === 'queue') stations.push({ zoneId: step.zone_id, queue: step.queue, process: null });
    else if (step.kind === 'process' && step.resource_type === 'security') security = step;
    else if (step.kind === 'process') {
      const last = stations[stations.length - 1];
      if (last && !last.process) last.process = step;
      else stations.push({ zoneId: null, queue: null, process: step });
    } else if (step.kind === 'output') {
      if (step.resource_id == null) {
        ctx.problems.push(`${who}: ${step.name} has no security lane`);
        return null;
      }
      output = [outputStationId(step.resource_id)];
      break;
    }
  }
  const finalTargets = output ?? (security ? ctx.outputs.map((o) => o.id) : []);
  if (security) {
    for (const o of ctx.outputs.filter((o) => finalTargets.includes(o.id))) for (const r of o.resources) setService(ctx, r, security, who);
  }

  const resources = doc.nodes.filter((n) => n.kind === 'resource' && n.resource_id != null);
  const ids: string[] = [];
  for (const [i, station] of stations.entries()) {
    let chosen = resources.filter(
      (r) => (station.zoneId === null || r.zone_id === station.zoneId) && (!station.process || r.resource_type === station.process.resource_type),
    );
    if (!station.process && station.queue !== null) {
      const queueNode = doc.nodes.find((n) => n.kind === 'queue' && n.zone_id === station.zoneId && n.queue === station.queue);
      const connected = new Set(doc.edges.filter((e) => e.source === queueNode?.id).map((e) => e.target));
      if (connected.size) chosen = chosen.filter((r) => connected.has(r.id));
    }
    if (chosen.length === 0) {
      ctx.problems.push(`${who}: step ${i + 1} has no resources of that kind`);
      return null;
    }
    const id = `story-${story.airline}-${story.segregation}-${i + 1}`;
    ids.push(id);
    const zone = doc.nodes.find((n) => n.kind === 'area' && n.zone_id === station.zoneId)?.name;
    const what = [zone && `${zone} Queue ${station.queue}`, station.process?.resource_type].filter(Boolean).join(', ');
    ctx.queues.push({
      id,
      name: `${story.airline} ${story.segregation} step ${i + 1}: ${what}`,
      resources: chosen.map((r) => ctx.key(r.resource_id!)),
      to: [],
    });
    if (station.process) for (const r of chosen) setService(ctx, ctx.key(r.resource_id!), station.process, who);
  }
  if (ids.length === 0 && finalTargets.length === 0) {
    ctx.problems.push(`${who}: no step leads anywhere`);
    return null;
  }
  ids.forEach((id, i) => {
    const queue = ctx.queues.find((q) => q.id === id)!;
    queue.to = i + 1 < ids.length ? [{ node: ids[i + 1], proportion: 100 }] : finalTargets.length ? share(finalTargets, 100) : [];
  });
  return ids.length ? [{ node: ids[0], proportion: 100 }] : share(finalTargets, 100);
}

function setService(ctx: StoryContext, resource: string, step: { mean_seconds: number; cv: number }, who: string) {
  const service = { mean_service_minutes: step.mean_seconds / 60, service_cv: step.cv };
  const known = ctx.resourceService[resource];
  if (known && (known.mean_service_minutes !== service.mean_service_minutes || known.service_cv !== service.service_cv)) {
    ctx.problems.push(`${who}: resource ${resource} already has another processing time from an earlier story`);
    return;
  }
  ctx.resourceService[resource] = service;
}
