// The jobs panel: the scenario's running and finished jobs (imports, applying rules, generating
// segregations) with progress, messages, results and errors. It polls while any job is queued
// or running, fetches at once when a screen starts one, and tells the screen when one finishes.
import { memo, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ProgressBar } from '../../components/ProgressBar';
import { jobsStartedAtom } from './atoms';
import { jobName, listJobs } from './jobCalls';
import { browserSchedule, createJobsPoller, isActive, justFinished, type Job } from './jobPolling';

type JobsPanelProps = { scenarioId: number; onFinished?: (jobs: Job[]) => void };

const SHOWN = 8;

export const JobsPanel = memo(function JobsPanel({ scenarioId, onFinished }: JobsPanelProps) {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const started = useAtomValue(jobsStartedAtom);
  const poller = useRef<ReturnType<typeof createJobsPoller> | null>(null);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  useEffect(() => {
    let previous: Job[] | null = null;
    const instance = createJobsPoller({
      fetchJobs: () => listJobs(scenarioId),
      onJobs: (next) => {
        if (previous) {
          const done = justFinished(previous, next);
          if (done.length > 0) finishedRef.current?.(done);
        }
        previous = next;
        setJobs(next);
        setError(null);
      },
      onError: (caught) => setError(caught instanceof Error ? caught.message : String(caught)),
      schedule: browserSchedule,
    });
    poller.current = instance;
    return () => instance.stop();
  }, [scenarioId]);

  useEffect(() => {
    void poller.current?.refresh();
  }, [started, scenarioId]);

  const active = jobs?.filter(isActive).length ?? 0;
  const shown = showAll ? jobs : jobs?.slice(0, SHOWN);
  return (
    <section className="card jobs-panel" aria-labelledby="jobs-heading">
      <div className="card__header">
        <h2 id="jobs-heading" className="card__title">
          Jobs
        </h2>
        <span className="muted">{active > 0 ? `${active} running` : 'None running'}</span>
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          Could not fetch the jobs: {error}
        </p>
      )}
      {jobs && jobs.length === 0 && <p className="muted">No jobs yet for this scenario.</p>}
      <ul className="jobs-panel__list" aria-label="Scenario jobs">
        {shown?.map((job) => <JobItem key={job.id} job={job} />)}
      </ul>
      {jobs && jobs.length > SHOWN && (
        <button type="button" className="button button--small button--text" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${jobs.length}`}
        </button>
      )}
    </section>
  );
});

const STATUS_TONE = { succeeded: 'success', failed: 'error', cancelled: 'error' } as const;

function describeResult(result: Job['result']): string | null {
  if (!result) return null;
  return Object.entries(result)
    .filter(([, value]) => typeof value === 'number' || typeof value === 'string')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(' · ');
}

const JobItem = memo(function JobItem({ job }: { job: Job }) {
  const name = jobName(job.kind);
  const tone = STATUS_TONE[job.status as keyof typeof STATUS_TONE] ?? 'normal';
  const result = describeResult(job.result);
  const when = new Date(job.finished_at ?? job.created_at).toLocaleTimeString();
  return (
    <li className="job" aria-label={`${name} ${job.status}`}>
      <div className="job__head">
        <strong>{name}</strong>
        <span className={`badge badge--${job.status}`}>{job.status}</span>
        <span className="muted job__time">{when}</span>
      </div>
      <ProgressBar label={`${name} progress`} value={job.progress} tone={tone} />
      <p className="job__message">
        {job.message}
        {isActive(job) && ` (${job.progress} %)`}
      </p>
      {result && <p className="job__result">{result}</p>}
      {job.error && (
        <p className="job__error" role="alert">
          {job.error}
        </p>
      )}
    </li>
  );
});
