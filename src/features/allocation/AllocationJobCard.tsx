// One allocation job on the configuration screen: what it does, its options, the button that
// starts it, the latest run's progress, result in words (placed, not placed and why, gap,
// optimality) or error, and how its allocations stand now.
import { memo, type ReactNode } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { isActive, type Job } from '../jobs/jobPolling';
import { summariseAllocationResult } from './model/jobSummary';

type AllocationJobCardProps = {
  title: string;
  description: string;
  buttonLabel: string;
  job: Job | null;
  error: string | null;
  canRun: boolean;
  onRun: () => void;
  options?: ReactNode;
  links?: ReactNode;
  /** The name of a job that changed this one's inputs after it ran. */
  superseded?: string | null;
  /** Why the result no longer fits the scenario's data, when it does not. */
  stale?: string | null;
  /** The allocations as they stand now, in words. */
  now?: string | null;
};

const TONE = { succeeded: 'success', failed: 'error', cancelled: 'error' } as const;

export const AllocationJobCard = memo(function AllocationJobCard({
  title,
  description,
  buttonLabel,
  job,
  error,
  canRun,
  onRun,
  options,
  links,
  superseded,
  stale,
  now,
}: AllocationJobCardProps) {
  const running = job ? isActive(job) : false;
  const summary = job?.status === 'succeeded' ? summariseAllocationResult(job.result) : null;
  return (
    <section className="card job-card" aria-label={title}>
      <div className="card__header">
        <h2 className="card__title">{title}</h2>
        {job && <span className={`badge badge--${job.status}`}>{job.status}</span>}
      </div>
      <p className="muted job-card__description">{description}</p>
      {options && <div className="job-card__options">{options}</div>}
      <div className="job-card__actions">
        <button type="button" className="button button--primary button--small" disabled={!canRun || running} onClick={onRun}>
          {running ? 'Running…' : buttonLabel}
        </button>
        {links}
      </div>
      {job && (
        <div className="job-card__status">
          <ProgressBar label={`${title} progress`} value={job.progress} tone={TONE[job.status as keyof typeof TONE] ?? 'normal'} />
          <p className="job__message">
            {job.message}
            {running && ` (${Math.round(job.progress)} %)`}
          </p>
          {summary && (
            <p className="job-card__result" role="status">
              <strong>{summary.headline}</strong>
              {summary.details.length > 0 && <span className="muted"> · {summary.details.join(' · ')}</span>}
            </p>
          )}
          {summary && superseded && (
            <p className="notice notice--warning" role="note">
              {superseded} ran after this result: it describes the data as it was then. Run it again to bring it up to date.
            </p>
          )}
          {stale && (
            <p className="notice notice--warning" role="note">
              {stale}
            </p>
          )}
          {job.error && (
            <p className="job__error" role="alert">
              {job.error}
            </p>
          )}
        </div>
      )}
      {now && <p className="job-card__now">{now}</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
});
