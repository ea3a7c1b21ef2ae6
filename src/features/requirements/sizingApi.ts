// Sizing plans and sizing jobs through the API: start a sizing job on the server's workers and
// follow it to its plan, cancel it, and the scenario's saved plans (list, open, save one sized in
// the browser, delete, apply).
import { api } from '../../api/client';
import { ifMatch, unwrap } from '../../api/errors';
import { getJob } from '../jobs/jobCalls';
export { cancelJob } from '../jobs/jobCalls';
import { isActive, POLL_INTERVAL_MS, type Job } from '../jobs/jobPolling';
import type { Process } from '../../../common/scenario/documentSettings';
import type { AirportSizingOutput } from './model/plan';
import { positionHours } from './model/plan';
import type { SizingDocument } from './model/sizingSettings';

/** What a plan is saved with besides itself: the targets it was sized for. */
/** What a plan was sized with; a plan sized through the API alone may have no targets. */
export type PlanSettings = { share: number; period_minutes: number; targets?: Record<Process, number> };

export type SavedPlan = {
  id: number;
  scenarioId: number;
  name: string;
  applied: boolean;
  createdAt: string;
  version: number;
  settings: PlanSettings;
  plan: AirportSizingOutput;
};
export type SavedPlanSummary = Omit<SavedPlan, 'plan' | 'settings'> & { positionHours: number };

type ApiPlan = { id: number; scenario_id: number; name: string; applied: boolean; created_at: string; version: number; settings: unknown; plan: unknown };

const toSaved = (p: ApiPlan): SavedPlan => ({
  id: p.id,
  scenarioId: p.scenario_id,
  name: p.name,
  applied: p.applied,
  createdAt: p.created_at,
  version: p.version,
  settings: p.settings as PlanSettings,
  plan: p.plan as AirportSizingOutput,
});

const totalPositionHours = (plan: AirportSizingOutput) => Object.values(plan.stations).reduce((n, s) => n + positionHours(s.servers, s.period_minutes), 0);

export async function listPlans(scenarioId: number): Promise<SavedPlanSummary[]> {
  const plans = await unwrap(api.GET('/api/sizing-plans/', { params: { query: { scenario_id: scenarioId } } }));
  return plans
    .map(toSaved)
    .map(({ plan, settings: _settings, ...rest }) => ({ ...rest, positionHours: totalPositionHours(plan) }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export async function openPlan(id: number): Promise<SavedPlan> {
  return toSaved(await unwrap(api.GET('/api/sizing-plans/{id}/', { params: { path: { id } } })));
}

export async function savePlan(scenarioId: number, name: string, settings: PlanSettings, plan: AirportSizingOutput): Promise<SavedPlan> {
  return toSaved(
    await unwrap(
      api.POST('/api/sizing-plans/', {
        body: { scenario_id: scenarioId, name, settings, plan: plan as unknown as Record<string, unknown> },
      }),
    ),
  );
}

/** Deletes the plan as the list showed it: refused (412) if someone changed it since. */
export async function deletePlan(plan: { id: number; version: number }): Promise<void> {
  await unwrap(api.DELETE('/api/sizing-plans/{id}/', { params: { path: { id: plan.id }, header: ifMatch(plan) } }));
}

export async function applyPlan(id: number): Promise<void> {
  await unwrap(api.POST('/api/sizing-plans/{id}/apply/', { params: { path: { id } } }));
}

/** The sizing job; the plan it saves keeps the settings it was sized with, targets included. */
export async function startSizingJob(scenarioId: number, document: SizingDocument, name: string, settings: PlanSettings): Promise<Job> {
  return unwrap(
    api.POST('/api/simulation/size/', {
      params: { query: { scenario_id: scenarioId } },
      body: {
        document: document as unknown as Record<string, unknown>,
        name,
        share: settings.share,
        period_minutes: settings.period_minutes,
        targets: settings.targets,
      },
    }),
  );
}

/** Polls a job until it finishes (or the signal aborts), telling each state on the way. */
export async function followJob(id: number, onJob: (job: Job) => void, signal: AbortSignal): Promise<Job> {
  for (;;) {
    const job = await getJob(id);
    if (signal.aborted) return job;
    onJob(job);
    if (!isActive(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The check-in allocation again, its counter needs taken from the applied plan. */
export async function rerunCheckinWithPlan(scenarioId: number): Promise<Job> {
  return unwrap(api.POST('/api/allocation/run/checkin/', { params: { query: { scenario_id: scenarioId, sizing: 'simulation' } } }));
}
