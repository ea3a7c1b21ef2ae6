// The jobs panel: the scenario's running and finished jobs (imports, applying rules, generating
// segregations, allocations, sizing) with progress, messages, worded results and errors, and
// Cancel on the ones still queued or running. It polls while any job is queued or running,
// fetches at once when a screen starts one or the server says a job changed (another planner's
// too: live updates), and tells the screen when one finishes.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ProgressBar } from '../../components/ProgressBar';
import { useLiveReload } from '../../live/liveChanges';
import { jobsStartedAtom } from './atoms';
import { cancelJob, jobName, listJobs } from './jobCalls';
import { describeJobResult } from './jobResult';
import { browserSchedule, createJobsPoller, isActive, justFinished, type Job } from './jobPolling';

type JobsPanelProps = { scenarioId: number; onFinished?: (jobs: Job[]) => void };

const SHOWN = 8;
/** A job started, changed or ended, by anyone: the panel fetches the list again. */
const JOB_SETS = ['jobs'];

export const JobsPanel = memo(function JobsPanel({ scenarioId, onFinished }: JobsPanelProps) {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
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
      onError: (caught) => setError(`Could not fetch the jobs: ${caught instanceof Error ? caught.message : String(caught)}`),
      schedule: browserSchedule,
    });
    poller.current = instance;
    return () => instance.stop();
  }, [scenarioId]);

  const refresh = useCallback(() => poller.current?.refresh(), []);
  useEffect(() => void refresh(), [started, scenarioId, refresh]);
  useLiveReload(JOB_SETS, refresh, false);

  const cancel = useCallback(async (job: Job) => {
    try {
      await cancelJob(job.id);
      setCancelError(null);
    } catch (caught) {
      setCancelError(`Could not cancel ${jobName(job.kind).toLowerCase()}: ${caught instanceof Error ? caught.message : String(caught)}`);
    }
    void poller.current?.refresh();
  }, []);

  // The sizing's own simulations are parts of its job, not the planner's.
  const listed = jobs?.filter((job) => job.kind !== 'simulation-size-batch') ?? null;
  const active = listed?.filter(isActive).length ?? 0;
  const shown = showAll ? listed : listed?.slice(0, SHOWN);
  return (
    <section className="card jobs-panel" aria-labelledby="jobs-heading">
      <div className="card__header">
        <h2 id="jobs-heading" className="card__title">
          Jobs
        </h2>
        <span className="muted">{active > 0 ? `${active} running` : 'None running'}</span>
      </div>
      {[error, cancelError].map(
        (text) =>
          text && (
            <p key={text} className="notice notice--error" role="alert">
              {text}
            </p>
          ),
      )}
      {listed && listed.length === 0 && <p className="muted">No jobs yet for this scenario.</p>}
      <ul className="jobs-panel__list" aria-label="Scenario jobs">
        {shown?.map((job) => (
          <JobItem key={job.id} job={job} onCancel={cancel} />
        ))}
      </ul>
      {listed && listed.length > SHOWN && (
        <button type="button" className="button button--small button--text" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Show fewer' : `Show all ${listed.length}`}
        </button>
      )}
    </section>
  );
});

const STATUS_TONE = { succeeded: 'success', failed: 'error', cancelled: 'error' } as const;

const JobItem = memo(function JobItem({ job, onCancel }: { job: Job; onCancel: (job: Job) => void }) {
  const name = jobName(job.kind);
  const tone = STATUS_TONE[job.status as keyof typeof STATUS_TONE] ?? 'normal';
  const result = describeJobResult(job.kind, job.result);
  const when = new Date(job.finished_at ?? job.created_at).toLocaleTimeString();
  return (
    <li className="job" aria-label={`${name} ${job.status}`}>
      <div className="job__head">
        <strong>{name}</strong>
        <span className={`badge badge--${job.status}`}>{job.status}</span>
        <span className="muted job__time">{when}</span>
        {isActive(job) && (
          <button type="button" className="button button--small job__cancel" onClick={() => onCancel(job)} aria-label={`Cancel ${name.toLowerCase()}`}>
            Cancel
          </button>
        )}
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
