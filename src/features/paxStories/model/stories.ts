// Passenger stories, pure: the palette's items for a scenario and the edits of one story (the
// steps a passenger of one airline and segregation takes). A story starts with its input, ends
// at most at one output, and each process step carries its processing time (mean, CV).
import { airlinesWithSegregations, type FlowSourceData } from '../../flows/model/buildFlowGraph';
import type { FlowGraph, PaxStory, StoryStep } from '../../flows/model/types';

export type ProcessType = Extract<StoryStep, { kind: 'process' }>['resource_type'];
/** A step without its id and position: what a palette item adds. */
export type StepTemplate = StoryStep extends infer S ? (S extends StoryStep ? Omit<S, 'id' | 'position'> : never) : never;
export type PaletteItem = { key: string; label: string; template: StepTemplate; source?: StorySource };
export type StorySource = { airlineId: number; airline: string; segregation: string };
export type Palette = { inputs: PaletteItem[]; queues: PaletteItem[]; processes: PaletteItem[]; outputs: PaletteItem[] };

export const PROCESS_LABEL: Record<ProcessType, string> = {
  fullservice: 'Full-service check-in',
  kiosk: 'Kiosk check-in',
  bagdrop: 'Bag drop',
  security: 'Security',
};
/** Processing-time defaults of DESIGN section 5 (security: 150 passengers an hour per lane). */
const DEFAULT_PROCESS: Record<ProcessType, { mean_seconds: number; cv: number }> = {
  fullservice: { mean_seconds: 120, cv: 0.5 },
  kiosk: { mean_seconds: 60, cv: 0.5 },
  bagdrop: { mean_seconds: 60, cv: 0.5 },
  security: { mean_seconds: 24, cv: 0.5 },
};
/** Vertical distance between steps added without a drop position: stories read bottom-to-top. */
export const STEP_SPACING_Y = 130;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A process's default: the mean of the scenario's resources of that type, else DESIGN section 5. */
export function processDefaults(resources: FlowSourceData['resources'], type: ProcessType): { mean_seconds: number; cv: number } {
  const own = resources.filter((r) => r.resource_type === type);
  const means = own.flatMap((r) => (r.service_mean_seconds ? [r.service_mean_seconds] : []));
  const cvs = own.flatMap((r) => (r.service_cv !== null ? [r.service_cv] : []));
  const average = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  return {
    mean_seconds: means.length ? round(average(means), 1) : DEFAULT_PROCESS[type].mean_seconds,
    cv: cvs.length ? round(average(cvs), 2) : DEFAULT_PROCESS[type].cv,
  };
}

/** The palette's four sections filled from the scenario's data and its flow graph's nodes. */
export function buildPalette(source: FlowSourceData, graph: FlowGraph): Palette {
  const inputs = airlinesWithSegregations(source).flatMap((a) =>
    a.segregations.map((segregation) => ({
      key: `input:${a.code}|${segregation}`,
      label: `${a.code} ${segregation}`,
      template: { kind: 'input' as const },
      source: { airlineId: a.id, airline: a.code, segregation },
    })),
  );
  const queues = graph.nodes.flatMap((n) =>
    n.type === 'queue'
      ? [
          {
            key: `queue:${n.data.zoneId}/${n.data.queue}`,
            label: `${zoneName(graph, n.data.zoneId)} ${n.data.label}`,
            template: { kind: 'queue' as const, zone_id: n.data.zoneId, queue: n.data.queue },
          },
        ]
      : [],
  );
  const present = new Set(source.resources.map((r) => r.resource_type));
  const processes = (['fullservice', 'kiosk', 'bagdrop', 'security'] as const)
    .filter((type) => present.has(type) || type === 'security')
    .map((type) => ({
      key: `process:${type}`,
      label: PROCESS_LABEL[type],
      template: { kind: 'process' as const, resource_type: type, ...processDefaults(source.resources, type) },
    }));
  const outputs = graph.nodes.flatMap((n) =>
    n.type === 'output'
      ? [{ key: `output:${n.id}`, label: n.data.name, template: { kind: 'output' as const, resource_id: n.data.resourceId, name: n.data.name } }]
      : [],
  );
  return { inputs, queues, processes, outputs };
}

function zoneName(graph: FlowGraph, zoneId: number): string {
  const area = graph.nodes.find((n) => n.type === 'area' && n.data.zoneId === zoneId);
  return area?.type === 'area' ? area.data.name : `Zone ${zoneId}`;
}

export function emptyStory(source: StorySource): PaxStory {
  return { airline_id: source.airlineId, airline: source.airline, segregation: source.segregation, steps: [] };
}

export const storyKey = (s: { airline: string; segregation: string }) => `${s.airline}|${s.segregation}`;

/** Where a step goes when it is added without a drop position: above the last one. */
function nextPosition(story: PaxStory): { x: number; y: number } {
  const last = story.steps[story.steps.length - 1];
  return last ? { x: last.position.x, y: last.position.y - STEP_SPACING_Y } : { x: 0, y: 0 };
}

/**
 * Adds a step: the input goes first (one only), an output goes last (replacing the one there),
 * anything else before the output if there is one, else at the end.
 */
export function addStep(story: PaxStory, template: StepTemplate, position = nextPosition(story)): PaxStory {
  const used = new Set(story.steps.map((s) => s.id));
  let n = story.steps.length + 1;
  while (used.has(`step-${n}`)) n += 1;
  const step = { ...template, id: `step-${n}`, position } as StoryStep;
  const steps = story.steps.filter((s) => !(s.kind === step.kind && (step.kind === 'input' || step.kind === 'output')));
  if (step.kind === 'input') return { ...story, steps: [step, ...steps] };
  const outputAt = steps.findIndex((s) => s.kind === 'output');
  if (step.kind === 'output' || outputAt === -1) return { ...story, steps: [...steps, step] };
  return { ...story, steps: [...steps.slice(0, outputAt), step, ...steps.slice(outputAt)] };
}

export function removeStep(story: PaxStory, stepId: string): PaxStory {
  return { ...story, steps: story.steps.filter((s) => s.id !== stepId) };
}

export function moveStep(story: PaxStory, stepId: string, position: { x: number; y: number }): PaxStory {
  return { ...story, steps: story.steps.map((s) => (s.id === stepId ? { ...s, position } : s)) };
}

/** Sets a process step's processing time; a mean that is not positive or a negative CV is ignored. */
export function setProcessTime(story: PaxStory, stepId: string, time: { mean_seconds?: number; cv?: number }): PaxStory {
  const ok =
    (time.mean_seconds === undefined || (Number.isFinite(time.mean_seconds) && time.mean_seconds > 0)) &&
    (time.cv === undefined || (Number.isFinite(time.cv) && time.cv >= 0));
  if (!ok) return story;
  return { ...story, steps: story.steps.map((s) => (s.id === stepId && s.kind === 'process' ? { ...s, ...time } : s)) };
}

/** The story edges: each step leads to the next. */
export function storyEdges(story: PaxStory): { id: string; source: string; target: string }[] {
  return story.steps.slice(1).map((s, i) => ({ id: `${story.steps[i].id}->${s.id}`, source: story.steps[i].id, target: s.id }));
}

/** Replaces (or adds) the story of its airline and segregation; an empty story is dropped. */
export function putStory(stories: readonly PaxStory[], story: PaxStory): PaxStory[] {
  const others = stories.filter((s) => storyKey(s) !== storyKey(story));
  return story.steps.length ? [...others, story] : others;
}
