// The scenario the planner works on, remembered in local storage (SPEC section 1; none by
// default). The scenario picker sets it; the title bar and the document title read it. A stored
// value that no longer has the expected shape counts as no selection.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../product';

const selectionSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  scenarioId: z.number().int(),
  scenarioName: z.string(),
});

export type ScenarioSelection = z.infer<typeof selectionSchema>;

export const SCENARIO_STORAGE_KEY = 'airport_planner_scenario';

export const NO_SCENARIO = 'No Scenario Selected';

const validatedStorage = {
  getItem(key: string, initialValue: ScenarioSelection | null): ScenarioSelection | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return initialValue;
    try {
      const parsed = selectionSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: ScenarioSelection | null) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  },
  removeItem(key: string) {
    localStorage.removeItem(key);
  },
};

const selectionBaseAtom = atomWithStorage<ScenarioSelection | null>(SCENARIO_STORAGE_KEY, null, validatedStorage, { getOnInit: true });

export const selectedScenarioAtom = atom((get) => get(selectionBaseAtom));

/** Selects a scenario, or clears the selection with null. */
export const selectScenarioAtom = atom(null, (_get, set, selection: ScenarioSelection | null) => {
  set(selectionBaseAtom, selection);
});

/** The title bar's parts: the product, then the project and scenario or 'No Scenario Selected'. */
export function titleParts(selection: ScenarioSelection | null): string[] {
  return selection ? [PRODUCT_NAME, selection.projectName, selection.scenarioName] : [PRODUCT_NAME, NO_SCENARIO];
}
