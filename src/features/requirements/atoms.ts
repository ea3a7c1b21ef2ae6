// The requirements screen's state: the sizing settings, the sizing in progress (on the server's
// workers as a job, or in this browser's workers) or the plan it produced or a saved plan opened,
// and the actions that change them. Sizing keeps going while the planner scrolls or switches tabs.
import { atom } from 'jotai';
import { SimError } from '../../../workers/sim/errors';
import { runEnded, type RunEnded } from '../simulation/model/runEnded';
import type { AirportSizingOutput } from './model/plan';
import { DEFAULT_SIZING_SETTINGS, type SizingDocument, type SizingSettings } from './model/sizingSettings';
import { sizeInBrowser } from './sizeInBrowser';
import { cancelJob, followJob, openPlan, startSizingJob, type PlanSettings, type SavedPlan } from './sizingApi';

export type SizingMode = 'server' | 'browser';

/** A plan as the screen shows it: fresh from the browser (unsaved) or a saved one. */
export type ShownPlan = {
  scenarioId: number;
  saved: { id: number; name: string; applied: boolean } | null;
  settings: PlanSettings;
  plan: AirportSizingOutput;
};

export type SizingState =
  | { status: 'idle' }
  | { status: 'running'; scenarioId: number; mode: SizingMode; fraction: number; message: string }
  | RunEnded
  | ({ status: 'done' } & ShownPlan);

const settingsBaseAtom = atom<SizingSettings & { mode: SizingMode }>({ ...DEFAULT_SIZING_SETTINGS, mode: 'server' });
export const sizingSettingsAtom = atom((get) => get(settingsBaseAtom));
export const updateSizingSettingsAtom = atom(null, (get, set, patch: Partial<SizingSettings & { mode: SizingMode }>) => {
  set(settingsBaseAtom, { ...get(settingsBaseAtom), ...patch });
});

const stateBaseAtom = atom<SizingState>({ status: 'idle' });
export const sizingStateAtom = atom((get) => get(stateBaseAtom));

let controller: AbortController | null = null;
let serverJob: number | null = null;

export const sizeToTargetAtom = atom(
  null,
  async (_get, set, input: { scenarioId: number; mode: SizingMode; document: SizingDocument; settings: PlanSettings; name: string }) => {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const { scenarioId, mode } = input;
    const report = (fraction: number, message: string) => {
      if (controller === mine) set(stateBaseAtom, { status: 'running', scenarioId, mode, fraction, message });
    };
    report(0, mode === 'server' ? 'Queued on the server' : 'Starting the browser workers');
    try {
      let shown: ShownPlan;
      if (mode === 'browser') {
        const plan = await sizeInBrowser(input.document, (p) => report(p.fraction, p.message), mine.signal);
        shown = { scenarioId, saved: null, settings: input.settings, plan };
      } else {
        const saved = await sizeOnServer(input, report, mine.signal);
        if (!saved) throw new SimError('cancelled', 'the sizing was cancelled');
        shown = shownFromSaved(saved);
      }
      if (controller === mine) set(stateBaseAtom, { status: 'done', ...shown });
    } catch (caught) {
      if (controller !== mine) return;
      set(stateBaseAtom, runEnded(caught, scenarioId));
    } finally {
      if (controller === mine) controller = null;
    }
  },
);

/** The server's job followed to its stored plan; null when it was cancelled. */
async function sizeOnServer(
  input: { scenarioId: number; document: SizingDocument; settings: PlanSettings; name: string },
  report: (fraction: number, message: string) => void,
  signal: AbortSignal,
): Promise<SavedPlan | null> {
  const started = await startSizingJob(input.scenarioId, input.document, input.name, input.settings);
  serverJob = started.id;
  try {
    const job = await followJob(started.id, (j) => report(j.progress / 100, j.message || `Sizing (${j.status})`), signal);
    if (signal.aborted || job.status === 'cancelled') return null;
    if (job.status !== 'succeeded') throw new Error(job.error ?? 'the sizing job failed');
    const planId = Number(job.result?.plan_id);
    if (!Number.isInteger(planId)) throw new Error('the sizing job finished without a plan');
    return await openPlan(planId);
  } finally {
    serverJob = null;
  }
}

export const shownFromSaved = (saved: SavedPlan): ShownPlan => ({
  scenarioId: saved.scenarioId,
  saved: { id: saved.id, name: saved.name, applied: saved.applied },
  settings: saved.settings,
  plan: saved.plan,
});

export const cancelSizingAtom = atom(null, async () => {
  const job = serverJob;
  controller?.abort();
  if (job !== null) await cancelJob(job);
});

/** Shows a plan (a saved one opened, or the shown one once saved or applied). */
export const showPlanAtom = atom(null, (_get, set, shown: ShownPlan) => {
  controller?.abort();
  controller = null;
  set(stateBaseAtom, { status: 'done', ...shown });
});
