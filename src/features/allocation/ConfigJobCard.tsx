// One job card of the configuration screen wired to its job: the latest run followed while it
// runs, a new run started only after the planner confirms what it would replace (when it would
// replace anything), the allocations as they stand now, and the files a run produced.
import { useCallback, type ReactNode } from 'react';
import { jobName } from '../jobs/jobCalls';
import { useJobGuard } from '../jobs/useJobGuard';
import { downloadJobFile, INPUT_JOB_KINDS, JOB_KIND_NAMES, startAllocationJob, type AllocationJobKind } from './allocationApi';
import { allocationJobGuard } from './allocationJobGuards';
import { AllocationJobCard } from './AllocationJobCard';
import type { AllocationSettings } from './atoms';
import { useAllocationsNow } from './useAllocationsNow';
import { useLatestJob } from './useLatestJob';

type ConfigJobCardProps = {
  kind: AllocationJobKind;
  scenarioId: number;
  settings: AllocationSettings;
  canRun: boolean;
  /** Changes whenever a job of the scenario finishes. */
  jobsFinished: number;
  title: string;
  buttonLabel: string;
  description: string;
  options?: ReactNode;
  links?: ReactNode;
  /** The scenario's "Passengers at counters" now (the check-in card says when its result used another). */
  counterShare?: number;
};

/** The check-in result was sized for another share of passengers at counters than the scenario's now. */
export function counterShareNote(result: Record<string, unknown> | null | undefined, counterShare: number | undefined): string | null {
  const sizedFor = result?.counter_share;
  if (typeof sizedFor !== 'number' || counterShare === undefined || sizedFor === counterShare || result?.sizing === 'simulation') return null;
  return `These counters were sized for ${sizedFor} % of passengers at counters; the scenario now says ${counterShare} %. Run the check-in allocation again to size them for it.`;
}

export function ConfigJobCard({ kind, scenarioId, settings, canRun, jobsFinished, counterShare, ...card }: ConfigJobCardProps) {
  const start = useCallback(() => startAllocationJob(kind, scenarioId, settings), [kind, scenarioId, settings]);
  const { job, error, run, superseded } = useLatestJob(scenarioId, JOB_KIND_NAMES[kind], start, INPUT_JOB_KINDS[kind]);
  const guard = useJobGuard();
  const now = useAllocationsNow(kind, scenarioId, `${jobsFinished}|${job?.id}|${job?.status}`);
  const onRun = () => void guard.run(allocationJobGuard(kind, scenarioId, settings), () => void run());
  const files = job?.status === 'succeeded' && Array.isArray(job.result?.files) ? (job.result.files as Array<{ name: string }>) : [];
  const downloads = files.map((file) => (
    <button key={file.name} type="button" className="button button--small" onClick={() => void downloadJobFile(job!.id, file.name)}>
      Download {file.name}
    </button>
  ));
  return (
    <>
      <AllocationJobCard
        {...card}
        links={card.links ?? (downloads.length ? downloads : undefined)}
        job={job}
        error={error ?? now.error}
        canRun={canRun}
        onRun={onRun}
        superseded={superseded && jobName(superseded.kind)}
        stale={job?.status === 'succeeded' ? counterShareNote(job.result, counterShare) : null}
        now={now.now}
      />
      {guard.ui}
    </>
  );
}
