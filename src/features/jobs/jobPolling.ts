// Following a scenario's jobs (pure, tested with a hand-driven clock): fetch the list, and while
// any job is queued or running fetch again after an interval; stop once all are finished. A
// refresh (a job just started) fetches at once and restarts the cycle. Also: which jobs have
// just finished between two fetches, so screens can reload what a job changed.
import type { components } from '../../../openapi/schema';

export type Job = components['schemas']['Job'];

export const POLL_INTERVAL_MS = 1000;

export const isActive = (job: Pick<Job, 'status'>) => job.status === 'queued' || job.status === 'running';

/** The jobs that were queued or running in `before` and are finished in `after`. */
export function justFinished(before: readonly Job[], after: readonly Job[]): Job[] {
  const wasActive = new Set(before.filter(isActive).map((job) => job.id));
  return after.filter((job) => wasActive.has(job.id) && !isActive(job));
}

/** Schedules `run` after `ms` and answers a way to cancel it (setTimeout in the app). */
export type Schedule = (run: () => void, ms: number) => () => void;

type PollerOptions = {
  fetchJobs: () => Promise<Job[]>;
  onJobs: (jobs: Job[]) => void;
  onError: (error: unknown) => void;
  schedule: Schedule;
  intervalMs?: number;
};

export function createJobsPoller({ fetchJobs, onJobs, onError, schedule, intervalMs = POLL_INTERVAL_MS }: PollerOptions) {
  let cancelNext: (() => void) | null = null;
  let stopped = false;
  let generation = 0;

  async function poll() {
    const mine = ++generation;
    cancelNext?.();
    cancelNext = null;
    let again = false;
    try {
      const jobs = await fetchJobs();
      if (stopped || mine !== generation) return;
      onJobs(jobs);
      again = jobs.some(isActive);
    } catch (error) {
      if (stopped || mine !== generation) return;
      onError(error);
      again = true;
    }
    if (again) cancelNext = schedule(() => void poll(), intervalMs);
  }

  return {
    /** Fetches now (and keeps polling while a job is active). */
    refresh: () => poll(),
    stop() {
      stopped = true;
      cancelNext?.();
    },
  };
}

export const browserSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};
