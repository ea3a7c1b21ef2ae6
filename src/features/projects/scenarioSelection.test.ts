import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { NO_SCENARIO, SCENARIO_STORAGE_KEY, selectScenarioAtom, selectedScenarioAtom, titleParts } from './scenarioSelection';

/** The selection as a freshly loaded page sees it. */
async function afterReload() {
  vi.resetModules();
  const fresh = await import('./scenarioSelection');
  return createStore().get(fresh.selectedScenarioAtom);
}

const selection = { projectId: 1, projectName: 'Demo airport', scenarioId: 3, scenarioName: 'Design day' };

describe('titleParts', () => {
  it("reads the product then 'No Scenario Selected' when none is chosen", () => {
    expect(titleParts(null)).toEqual(['Airport Planner', NO_SCENARIO]);
    expect(NO_SCENARIO).toBe('No Scenario Selected');
  });

  it('reads the product, the project and the scenario', () => {
    expect(titleParts(selection)).toEqual(['Airport Planner', 'Demo airport', 'Design day']);
  });
});

describe('the selected scenario', () => {
  it('is none by default', async () => {
    localStorage.clear();
    expect(await afterReload()).toBeNull();
  });

  it('is remembered in local storage across reloads', async () => {
    localStorage.clear();
    const store = createStore();
    store.set(selectScenarioAtom, selection);
    expect(store.get(selectedScenarioAtom)).toEqual(selection);
    expect(JSON.parse(localStorage.getItem(SCENARIO_STORAGE_KEY)!)).toEqual(selection);
    expect(await afterReload()).toEqual(selection);
  });

  it('is forgotten when cleared', () => {
    const store = createStore();
    store.set(selectScenarioAtom, selection);
    store.set(selectScenarioAtom, null);
    expect(localStorage.getItem(SCENARIO_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['the wrong shape', '{"projectId":"1"}'],
  ])('counts a stored value that is %s as none', async (_, raw) => {
    localStorage.setItem(SCENARIO_STORAGE_KEY, raw);
    expect(await afterReload()).toBeNull();
  });
});
