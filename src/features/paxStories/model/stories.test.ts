// Passenger stories: the palette from scenario data, and the step edits (input first, one
// output last, processing times kept valid).
import { describe, expect, it } from 'vitest';
import { buildFlowGraph } from '../../flows/model/buildFlowGraph';
import { sourceData } from '../../flows/model/fixtures';
import { addStep, buildPalette, emptyStory, moveStep, processDefaults, putStory, removeStep, setProcessTime, STEP_SPACING_Y, storyEdges } from './stories';

const palette = buildPalette(sourceData, buildFlowGraph(sourceData));
const source = { airlineId: 1, airline: 'AA', segregation: 'Y' };
const queue = palette.queues[0].template;
const kiosk = palette.processes.find((p) => p.key === 'process:kiosk')!.template;
const south = palette.outputs[0].template;

describe('buildPalette', () => {
  it('fills the four sections from the scenario', () => {
    expect(palette.inputs.map((i) => i.label)).toEqual(['AA J', 'AA Y', 'DL J', 'DL Y']);
    expect(palette.inputs[1].source).toEqual(source);
    expect(palette.queues.map((q) => q.label)).toEqual([
      'Checkin Zone A Queue 1',
      'Checkin Zone A Queue 2',
      'Checkin Zone B Queue 1',
      'Checkin Zone B Queue 2',
    ]);
    expect(palette.processes.map((p) => p.label)).toEqual(['Full-service check-in', 'Kiosk check-in', 'Bag drop', 'Security']);
    expect(palette.outputs.map((o) => o.label)).toEqual(['Security South', 'Security North']);
  });

  it("takes processing-time defaults from the scenario's resources, else DESIGN section 5", () => {
    expect(processDefaults(sourceData.resources, 'fullservice')).toEqual({ mean_seconds: 120, cv: 0.6 });
    expect(processDefaults(sourceData.resources, 'security')).toEqual({ mean_seconds: 24, cv: 0.4 });
    expect(processDefaults([], 'kiosk')).toEqual({ mean_seconds: 60, cv: 0.5 });
  });
});

describe('story edits', () => {
  it('keeps the input first and one output last, other steps before the output', () => {
    let story = addStep(emptyStory(source), queue);
    story = addStep(story, south);
    story = addStep(story, kiosk);
    story = addStep(story, { kind: 'input' });
    expect(story.steps.map((s) => s.kind)).toEqual(['input', 'queue', 'process', 'output']);
    story = addStep(story, palette.outputs[1].template);
    expect(story.steps.map((s) => s.kind)).toEqual(['input', 'queue', 'process', 'output']);
    expect(story.steps[3]).toMatchObject({ name: 'Security North' });
    story = addStep(story, { kind: 'input' });
    expect(story.steps.filter((s) => s.kind === 'input')).toHaveLength(1);
    expect(new Set(story.steps.map((s) => s.id)).size).toBe(4);
  });

  it('chains the steps in order and places new ones above the last', () => {
    const story = addStep(addStep(emptyStory(source), { kind: 'input' }), queue);
    expect(story.steps[1].position).toEqual({ x: 0, y: -STEP_SPACING_Y });
    expect(storyEdges(story)).toEqual([{ id: 'step-1->step-2', source: 'step-1', target: 'step-2' }]);
  });

  it('sets valid processing times only, moves and removes steps', () => {
    let story = addStep(emptyStory(source), kiosk);
    const id = story.steps[0].id;
    story = setProcessTime(story, id, { mean_seconds: 45, cv: 0.3 });
    expect(story.steps[0]).toMatchObject({ mean_seconds: 45, cv: 0.3 });
    expect(setProcessTime(story, id, { mean_seconds: 0 })).toBe(story);
    expect(setProcessTime(story, id, { cv: -1 })).toBe(story);
    story = moveStep(story, id, { x: 5, y: 6 });
    expect(story.steps[0].position).toEqual({ x: 5, y: 6 });
    expect(removeStep(story, id).steps).toEqual([]);
  });

  it('keeps one story per airline and segregation and drops empty ones', () => {
    const story = addStep(emptyStory(source), queue);
    const stories = putStory(putStory([], story), addStep(story, kiosk));
    expect(stories).toHaveLength(1);
    expect(stories[0].steps).toHaveLength(2);
    expect(putStory(stories, emptyStory(source))).toEqual([]);
  });
});
