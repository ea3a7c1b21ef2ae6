// The pax-stories screen's state: every story of the scenario, the airline and segregation the
// planner picked, and what was last saved. Base atoms stay private; the screen and the step
// nodes change stories through the action atoms, which apply the pure edits of model/stories.
import { atom } from 'jotai';
import type { PaxStory } from '../flows/model/types';
import { addStep, emptyStory, moveStep, putStory, removeStep, setProcessTime, storyKey, type StepTemplate, type StorySource } from './model/stories';

const storiesBaseAtom = atom<PaxStory[]>([]);
const savedTextAtom = atom('');
const sourceBaseAtom = atom<StorySource | null>(null);

export const storiesAtom = atom((get) => get(storiesBaseAtom));
export const storySourceAtom = atom(
  (get) => get(sourceBaseAtom),
  (_get, set, source: StorySource | null) => set(sourceBaseAtom, source),
);
export const storiesDirtyAtom = atom((get) => JSON.stringify(get(storiesBaseAtom)) !== get(savedTextAtom));

/** The picked airline and segregation's story, empty when it has none yet. */
export const currentStoryAtom = atom((get) => {
  const source = get(sourceBaseAtom);
  if (!source) return null;
  return get(storiesBaseAtom).find((s) => storyKey(s) === storyKey(source)) ?? emptyStory(source);
});

export const loadStoriesAtom = atom(null, (_get, set, stories: PaxStory[]) => {
  set(storiesBaseAtom, stories);
  set(savedTextAtom, JSON.stringify(stories));
});

export const markStoriesSavedAtom = atom(null, (get, set) => set(savedTextAtom, JSON.stringify(get(storiesBaseAtom))));

const editCurrentAtom = atom(null, (get, set, edit: (story: PaxStory) => PaxStory) => {
  const story = get(currentStoryAtom);
  if (story) set(storiesBaseAtom, putStory(get(storiesBaseAtom), edit(story)));
});

export const addStepAtom = atom(null, (_get, set, args: { template: StepTemplate; position?: { x: number; y: number } }) =>
  set(editCurrentAtom, (story) => addStep(story, args.template, args.position)),
);
export const removeStepAtom = atom(null, (_get, set, stepId: string) => set(editCurrentAtom, (story) => removeStep(story, stepId)));
export const moveStepAtom = atom(null, (_get, set, args: { stepId: string; position: { x: number; y: number } }) =>
  set(editCurrentAtom, (story) => moveStep(story, args.stepId, args.position)),
);
export const setProcessTimeAtom = atom(null, (_get, set, args: { stepId: string; time: { mean_seconds?: number; cv?: number } }) =>
  set(editCurrentAtom, (story) => setProcessTime(story, args.stepId, args.time)),
);
