// Saved runs through the API (simulation-runs/): a run is saved with its settings, document and
// results, and reopened as the results view shows it.
import { api } from '../../api/client';
import { ifMatch, unwrap } from '../../api/errors';
import type { ShownRun } from './atoms';
import type { AirportInput } from '../../../common/scenario/documentInput';
import type { RunResults } from './model/results';
import type { Process } from '../../../common/scenario/documentSettings';
import type { SimulationSettings } from './model/settings';

export type SavedRunSummary = { id: number; name: string; scenarioId: number; createdAt: string; version: number };

/** What the settings column holds: the planner's settings and each queue's process. */
type StoredSettings = { settings: SimulationSettings; processes: Record<string, Process> };

export async function listSavedRuns(scenarioId: number): Promise<SavedRunSummary[]> {
  const runs = await unwrap(api.GET('/api/simulation-runs/', { params: { query: { scenario_id: scenarioId } } }));
  return runs
    .map((r) => ({ id: r.id, name: r.name, scenarioId: r.scenario_id, createdAt: r.created_at, version: r.version }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export async function saveRun(run: ShownRun, name: string): Promise<{ id: number; name: string }> {
  const stored: StoredSettings = { settings: run.settings, processes: run.processes };
  const saved = await unwrap(
    api.POST('/api/simulation-runs/', {
      body: {
        scenario_id: run.scenarioId,
        name,
        settings: stored,
        document: run.document as unknown as Record<string, unknown>,
        results: run.results as unknown as Record<string, unknown>,
      },
    }),
  );
  return { id: saved.id, name: saved.name };
}

export async function openSavedRun(id: number): Promise<ShownRun> {
  const run = await unwrap(api.GET('/api/simulation-runs/{id}/', { params: { path: { id } } }));
  const stored = run.settings as unknown as StoredSettings;
  return {
    scenarioId: run.scenario_id,
    saved: { id: run.id, name: run.name },
    settings: stored.settings,
    processes: stored.processes,
    document: run.document as unknown as AirportInput,
    results: run.results as unknown as RunResults,
  };
}

/** Deletes the run as the list showed it: refused (412) if someone changed it since. */
export async function deleteSavedRun(run: { id: number; version: number }): Promise<void> {
  await unwrap(api.DELETE('/api/simulation-runs/{id}/', { params: { path: { id: run.id }, header: ifMatch(run) } }));
}

export async function listProjectScenarios(projectId: number): Promise<Array<{ id: number; name: string }>> {
  const scenarios = await unwrap(api.GET('/api/scenarios/', { params: { query: { project_id: projectId } } }));
  return scenarios.map((s) => ({ id: s.id, name: s.name }));
}
