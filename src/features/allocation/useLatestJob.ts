// The latest job of one kind for a scenario, followed while it is queued or running (the jobs
// poller of the jobs panel, fed only this kind), and a way to start a new one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { ApiError } from '../../api/errors';
import { noteJobStartedAtom } from '../jobs/atoms';
import { listJobs } from '../jobs/jobCalls';
import { browserSchedule, createJobsPoller, type Job } from '../jobs/jobPolling';

export function useLatestJob(scenarioId: number, kind: string, start: () => Promise<Job>) {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteJobStarted = useSetAtom(noteJobStartedAtom);
  const poller = useRef<ReturnType<typeof createJobsPoller> | null>(null);

  useEffect(() => {
    const instance = createJobsPoller({
      fetchJobs: async () => (await listJobs(scenarioId)).filter((j) => j.kind === kind).slice(0, 1),
      onJobs: ([latest]) => setJob(latest ?? null),
      onError: (caught) => setError(caught instanceof Error ? caught.message : String(caught)),
      schedule: browserSchedule,
    });
    poller.current = instance;
    void instance.refresh();
    return () => instance.stop();
  }, [scenarioId, kind]);

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

  return { job, error, run };
}
