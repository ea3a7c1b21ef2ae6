// One simulated planner of the load benchmark, working in a scenario of their own until the
// deadline: looks through the projects, the scenario and its flights and jobs, changes the
// passengers of a few flights (remembering every value the server acknowledged), and now and
// then regenerates the segregations and watches the job to its end, pausing between steps as a
// person would.
import { performance } from 'node:perf_hooks';
import type { Recorder, Session } from './session';

export type PlannerPlan = {
  session: Session;
  recorder: Recorder;
  projectId: number;
  scenarioId: number;
  deadline: number;
  /** Mean pause between steps; each pause is drawn from half to one and a half of it. */
  thinkMs: number;
  /** Every this many rounds the planner runs a job. */
  jobEvery: number;
  random: () => number;
  /** Told of each edit the server acknowledged, with when it was sent (performance.now()). */
  onEdited?: (flightId: number, sentAt: number) => void;
};

type Flight = { id: number; passengers: number | null };
type Job = { id: number; status: string; error: string | null };

/** How long a job may take before it counts as an error. */
const JOB_TIMEOUT_MS = 180_000;
const JOB_POLL_MS = 500;
const EDITS_PER_ROUND = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type PlannerOutcome = {
  /** The last passengers value the server acknowledged, by flight. */
  acknowledged: Map<number, number>;
  jobs: Array<{ ms: number; status: string }>;
};

async function watchJob(plan: PlannerPlan, job: Job): Promise<{ ms: number; status: string }> {
  const started = Date.now();
  for (;;) {
    await sleep(JOB_POLL_MS);
    const now = await plan.session.call<Job>('poll job', 'GET', `jobs/${job.id}/`);
    if (!now) return { ms: Date.now() - started, status: 'unknown' };
    if (now.status !== 'queued' && now.status !== 'running') {
      if (now.status !== 'succeeded') plan.recorder.error(`job ${job.id} ${now.status}: ${now.error}`);
      return { ms: Date.now() - started, status: now.status };
    }
    if (Date.now() - started > JOB_TIMEOUT_MS) {
      plan.recorder.error(`job ${job.id} still ${now.status} after ${JOB_TIMEOUT_MS / 1000} s`);
      return { ms: Date.now() - started, status: now.status };
    }
  }
}

export async function runPlanner(plan: PlannerPlan): Promise<PlannerOutcome> {
  const { session, scenarioId } = plan;
  const outcome: PlannerOutcome = { acknowledged: new Map(), jobs: [] };
  const think = () => sleep(plan.thinkMs * (0.5 + plan.random()));
  for (let round = 1; Date.now() < plan.deadline; round++) {
    await session.call('browse', 'GET', 'projects/');
    await think();
    await session.call('browse', 'GET', `scenarios/?project_id=${plan.projectId}`);
    await session.call('browse', 'GET', `jobs/?scenario_id=${scenarioId}`);
    const flights = await session.call<Flight[]>('list flights', 'GET', `flights/?scenario_id=${scenarioId}`);
    await think();
    for (let i = 0; flights?.length && i < EDITS_PER_ROUND; i++) {
      const flight = flights[Math.floor(plan.random() * flights.length)];
      const passengers = 50 + Math.floor(plan.random() * 250);
      const sentAt = performance.now();
      if (await session.call('edit flight', 'PATCH', `flights/${flight.id}/`, { passengers })) {
        outcome.acknowledged.set(flight.id, passengers);
        plan.onEdited?.(flight.id, sentAt);
      }
      await think();
    }
    if (round % plan.jobEvery === 0) {
      const job = await session.call<Job>('start job', 'POST', `allocation/generate/segregations/?scenario_id=${scenarioId}`);
      if (job) outcome.jobs.push(await watchJob(plan, job));
      await think();
    }
  }
  return outcome;
}

/** Flights whose passengers differ from the value last acknowledged: lost writes. */
export async function lostWrites(session: Session, scenarioId: number, acknowledged: Map<number, number>): Promise<string[]> {
  const flights = await session.call<Flight[]>('read back', 'GET', `flights/?scenario_id=${scenarioId}`);
  if (!flights) return [`scenario ${scenarioId}: could not read the flights back`];
  const stored = new Map(flights.map((f) => [f.id, f.passengers]));
  return [...acknowledged]
    .filter(([id, passengers]) => stored.get(id) !== passengers)
    .map(([id, passengers]) => `flight ${id}: acknowledged ${passengers}, stored ${stored.get(id)}`);
}
