import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/jobPolling';
import { supersedingJob } from './useLatestJob';

const job = (id: number, kind: string, status: string, finished_at: string | null): Job =>
  ({
    id,
    kind,
    status,
    finished_at,
    scenario_id: 1,
    progress: 100,
    message: '',
    params: {},
    result: {},
    error: null,
    started_at: null,
    created_at: '',
    updated_at: '',
  }) as Job;

describe('supersedingJob', () => {
  const makeup = job(5, 'allocation-makeup', 'succeeded', '2026-01-01T10:00:00Z');
  const inputs = ['segregations-generate'];

  it('names a later succeeded job that rewrote the inputs', () => {
    const regenerated = job(7, 'segregations-generate', 'succeeded', '2026-01-01T10:05:00Z');
    expect(supersedingJob([regenerated, makeup], makeup, inputs)).toBe(regenerated);
  });

  it('ignores earlier, failed and unrelated jobs', () => {
    const jobs = [
      job(9, 'segregations-generate', 'failed', '2026-01-01T10:09:00Z'),
      job(8, 'allocation-checkin', 'succeeded', '2026-01-01T10:08:00Z'),
      job(4, 'segregations-generate', 'succeeded', '2026-01-01T09:00:00Z'),
      makeup,
    ];
    expect(supersedingJob(jobs, makeup, inputs)).toBeNull();
    expect(supersedingJob(jobs, undefined, inputs)).toBeNull();
  });
});
