// The simulation screen's state: the planner's settings, the run in progress or its results
// (fresh or opened from a saved run), and the actions that change them. The worker pool is
// driven from here, so a run keeps going while the planner scrolls or switches tabs.
import { atom } from 'jotai';
import { runEnded, type RunEnded } from './model/runEnded';
import type { Progress } from '../../../workers/sim/run';
import type { AirportInput } from '../../../common/scenario/documentInput';
import type { RunResults } from './model/results';
import type { Process } from '../../../common/scenario/documentSettings';
import { DEFAULT_SETTINGS, type SimulationSettings } from './model/settings';
import { runInWorkers } from './runInWorkers';

/** A finished run as the results view shows it, fresh or reopened. */
export type ShownRun = {
  scenarioId: number;
  /** The saved run's id and name, once saved. */
  saved: { id: number; name: string } | null;
  settings: SimulationSettings;
  document: AirportInput;
  processes: Record<string, Process>;
  results: RunResults;
};

export type RunState = { status: 'idle' } | { status: 'running'; scenarioId: number; progress: Progress } | RunEnded | ({ status: 'done' } & ShownRun);

const settingsBaseAtom = atom<SimulationSettings>(DEFAULT_SETTINGS);
export const settingsAtom = atom((get) => get(settingsBaseAtom));
export const updateSettingsAtom = atom(null, (get, set, patch: Partial<SimulationSettings>) => {
  set(settingsBaseAtom, { ...get(settingsBaseAtom), ...patch });
});

const runBaseAtom = atom<RunState>({ status: 'idle' });
export const runStateAtom = atom((get) => get(runBaseAtom));

let controller: AbortController | null = null;

export const runSimulationAtom = atom(null, async (get, set, input: { scenarioId: number; document: AirportInput; processes: Record<string, Process> }) => {
  controller?.abort();
  const mine = new AbortController();
  controller = mine;
  const { scenarioId } = input;
  const replications = input.document.replications;
  set(runBaseAtom, { status: 'running', scenarioId, progress: { fraction: 0, replicationsDone: 0, replications } });
  try {
    const results = await runInWorkers(
      input.document,
      (progress) => {
        if (controller === mine) set(runBaseAtom, { status: 'running', scenarioId, progress });
      },
      mine.signal,
    );
    if (controller !== mine) return;
    set(runBaseAtom, {
      status: 'done',
      scenarioId,
      saved: null,
      settings: get(settingsBaseAtom),
      document: input.document,
      processes: input.processes,
      results,
    });
  } catch (caught) {
    if (controller !== mine) return;
    set(runBaseAtom, runEnded(caught, scenarioId));
  } finally {
    if (controller === mine) controller = null;
  }
});

export const cancelSimulationAtom = atom(null, () => {
  controller?.abort();
});

/** Shows a saved run (or marks the shown run as saved) and takes over its settings. */
export const showRunAtom = atom(null, (_get, set, run: ShownRun) => {
  controller?.abort();
  controller = null;
  // Runs saved before a setting existed take its default.
  set(settingsBaseAtom, { ...DEFAULT_SETTINGS, ...run.settings });
  set(runBaseAtom, { status: 'done', ...run });
});
