import { describe, expect, it, vi } from 'vitest';
import { createJobsPoller, justFinished, type Job, type Schedule } from './jobPolling';

const job = (id: number, status: Job['status'], progress = 0): Job => ({
  id,
  scenario_id: 1,
  kind: 'segregations-generate',
  status,
  progress,
  message: '',
  params: {},
  result: null,
  error: null,
  started_at: null,
  finished_at: null,
  created_at: '2017-01-02T00:00:00Z',
  updated_at: '2017-01-02T00:00:00Z',
});

/** A clock the test advances by hand: scheduled runs wait until `tick`. */
function manualClock() {
  let pending: (() => void)[] = [];
  const schedule: Schedule = (run) => {
    pending.push(run);
    return () => (pending = pending.filter((r) => r !== run));
  };
  return {
    schedule,
    pendingCount: () => pending.length,
    tick() {
      const due = pending;
      pending = [];
      due.forEach((run) => run());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the jobs poller', () => {
  it('polls while a job is queued or running and stops when all are finished', async () => {
    const answers = [[job(1, 'queued')], [job(1, 'running', 40)], [job(1, 'succeeded', 100)]];
    const fetchJobs = vi.fn(async () => answers.shift() ?? []);
    const seen: Job[][] = [];
    const clock = manualClock();
    const poller = createJobsPoller({ fetchJobs, onJobs: (jobs) => seen.push(jobs), onError: () => {}, schedule: clock.schedule });

    await poller.refresh();
    expect(clock.pendingCount()).toBe(1);
    clock.tick();
    await settle();
    expect(seen.map((jobs) => jobs[0].status)).toEqual(['queued', 'running']);
    expect(clock.pendingCount()).toBe(1);
    clock.tick();
    await settle();
    expect(seen.map((jobs) => jobs[0].status)).toEqual(['queued', 'running', 'succeeded']);
    expect(clock.pendingCount()).toBe(0);
    expect(fetchJobs).toHaveBeenCalledTimes(3);
  });

  it('does not poll when nothing is active', async () => {
    const clock = manualClock();
    const poller = createJobsPoller({ fetchJobs: async () => [job(1, 'failed')], onJobs: () => {}, onError: () => {}, schedule: clock.schedule });
    await poller.refresh();
    expect(clock.pendingCount()).toBe(0);
  });

  it('keeps trying after a failed fetch, and stops for good on stop()', async () => {
    const clock = manualClock();
    const onError = vi.fn();
    const poller = createJobsPoller({
      fetchJobs: async () => {
        throw new Error('offline');
      },
      onJobs: () => {},
      onError,
      schedule: clock.schedule,
    });
    await poller.refresh();
    expect(onError).toHaveBeenCalledOnce();
    expect(clock.pendingCount()).toBe(1);
    poller.stop();
    expect(clock.pendingCount()).toBe(0);
  });

  it('restarts the cycle on refresh without doubling the polls', async () => {
    const clock = manualClock();
    const poller = createJobsPoller({ fetchJobs: async () => [job(1, 'running')], onJobs: () => {}, onError: () => {}, schedule: clock.schedule });
    await poller.refresh();
    await poller.refresh();
    expect(clock.pendingCount()).toBe(1);
  });
});

describe('justFinished', () => {
  it('names the jobs that went from active to finished', () => {
    const before = [job(1, 'running'), job(2, 'queued'), job(3, 'succeeded')];
    const after = [job(1, 'succeeded'), job(2, 'running'), job(3, 'succeeded'), job(4, 'failed')];
    expect(justFinished(before, after).map((j) => j.id)).toEqual([1]);
  });
});
