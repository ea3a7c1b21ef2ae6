// The latest job of one kind for a scenario, followed while it is queued or running (the jobs
// poller of the jobs panel, fed only this kind), and a way to start a new one. A result can be
// out of date: a job that rewrites its inputs (`inputKinds`, e.g. generating segregations for the
// make-up allocation) may have finished since; that job is answered as `superseded`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { ApiError } from '../../api/errors';
import { useStableList } from '../../components/useStableList';
import { noteJobStartedAtom } from '../jobs/atoms';
import { listJobs } from '../jobs/jobCalls';
import { browserSchedule, createJobsPoller, type Job } from '../jobs/jobPolling';

/** The newest succeeded job of `inputKinds` that finished after `job` did. */
export function supersedingJob(jobs: Job[], job: Job | undefined, inputKinds: readonly string[]): Job | null {
  if (!job?.finished_at || job.status !== 'succeeded') return null;
  const after = jobs.filter((j) => inputKinds.includes(j.kind) && j.status === 'succeeded' && j.finished_at && j.finished_at > job.finished_at!);
  return after.sort((a, b) => b.id - a.id)[0] ?? null;
}

export function useLatestJob(scenarioId: number, kind: string, start: () => Promise<Job>, inputKinds: readonly string[] = []) {
  const [job, setJob] = useState<Job | null>(null);
  const [superseded, setSuperseded] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteJobStarted = useSetAtom(noteJobStartedAtom);
  const poller = useRef<ReturnType<typeof createJobsPoller> | null>(null);
  const kinds = useStableList(inputKinds);

  useEffect(() => {
    const instance = createJobsPoller({
      fetchJobs: async () => {
        const jobs = await listJobs(scenarioId);
        const latest = jobs.find((j) => j.kind === kind);
        setSuperseded(supersedingJob(jobs, latest, kinds));
        return latest ? [latest] : [];
      },
      onJobs: ([latest]) => setJob(latest ?? null),
      onError: (caught) => setError(caught instanceof Error ? caught.message : String(caught)),
      schedule: browserSchedule,
    });
    poller.current = instance;
    void instance.refresh();
    return () => instance.stop();
  }, [scenarioId, kind, kinds]);

  const run = useCallback(async () => {
    setError(null);
    try {
      setJob(await start());
      noteJobStarted();
      await poller.current?.refresh();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  }, [start, noteJobStarted]);

  return { job, error, run, superseded };
}
