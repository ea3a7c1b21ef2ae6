// The flights screen (/app/allocation/flight): the selected scenario's flights in a grid with
// inline editing saved in batches through PATCH flights/bulk/, the schedule import, the rule
// jobs (apply import rules, generate segregations; each asks first when it would overwrite or
// remove the planner's work) and the jobs panel. Without a selected scenario it says so and
// links to the projects screen.
import { useCallback, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { ApiError } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { useLiveReload } from '../../live/liveChanges';
import { noteJobStartedAtom } from '../jobs/atoms';
import { startJob, type JobCall } from '../jobs/jobCalls';
import type { Job } from '../jobs/jobPolling';
import { JobsPanel } from '../jobs/JobsPanel';
import { useJobGuard } from '../jobs/useJobGuard';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { shownCount } from './flightRows';
import { FlightsGrid } from './FlightsGrid';
import { FlightsToolbar } from './FlightsToolbar';
import { ImportScheduleDialog } from './ImportScheduleDialog';
import { importRulesGuard, segregationsGuard } from './flightJobGuards';
import { loadScenarioFlights } from './loadScenarioFlights';
import { useFlightEdits } from './useFlightEdits';

const TITLE = 'Baggage flights';

export default function FlightsScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) {
    return <ScenarioRequired title={TITLE} what="see its flights" />;
  }
  return <ScenarioFlights key={selected.scenarioId} scenarioId={selected.scenarioId} projectId={selected.projectId} />;
}

/** The tables the grid shows (loadScenarioFlights): a change to one on the server reloads it. */
const SHOWN_SETS = ['scenarios', 'airports', 'airlines', 'aircraft', 'zones', 'turnup_profiles', 'flights', 'segregations', 'resources', 'baggage_allocations'];

function ScenarioFlights({ scenarioId, projectId }: { scenarioId: number; projectId: number }) {
  const data = useLoader(() => loadScenarioFlights(scenarioId, projectId), [scenarioId, projectId]);
  const { saveState, saveErrors, onEdit, onReady } = useFlightEdits(data.data?.lookups);
  const [importing, setImporting] = useState(false);
  const [jobError, setJobError] = useState<string | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const jobGuard = useJobGuard();
  const noteJobStarted = useSetAtom(noteJobStartedAtom);
  const { reload } = data;
  const [editing, setEditing] = useState(false);
  // Another planner's change shows once this one has closed the cell and their edits are saved.
  const othersWaiting = useLiveReload(SHOWN_SETS, reload, editing || saveState === 'pending' || saveState === 'saving');

  async function runJob(call: JobCall) {
    setJobError(null);
    try {
      await startJob(call, scenarioId);
      noteJobStarted();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setJobError(caught.message);
    }
  }
  const onJobsFinished = useCallback(
    (jobs: Job[]) => {
      if (jobs.some((job) => job.status === 'succeeded')) void reload();
    },
    [reload],
  );

  return (
    <section className="screen screen--wide">
      <h1 className="screen__title">{TITLE}</h1>
      <LoadState loading={data.loading} error={data.error} hasData={!!data.data}>
        {data.data && (
          <>
            {data.data.provenance.map((line) => (
              <p key={line} className="muted">
                {line}
              </p>
            ))}
            <FlightsToolbar
              count={shownCount(shown, data.data.rows.length)}
              timeZone={data.data.timeZone}
              saveState={saveState}
              othersWaiting={othersWaiting}
              canEdit={data.data.canEdit}
              onImport={() => setImporting(true)}
              onApplyRules={() => void jobGuard.run(importRulesGuard(scenarioId), () => void runJob('applyImportRules'))}
              onGenerateSegregations={() => void jobGuard.run(segregationsGuard(scenarioId), () => void runJob('generateSegregations'))}
            />
            {jobError && (
              <p className="notice notice--error" role="alert">
                {jobError}
              </p>
            )}
            {saveErrors.length > 0 && (
              <div className="notice notice--error" role="alert">
                The edits were undone: {saveErrors.join(' ')}
              </div>
            )}
            {data.data.rows.length === 0 ? (
              <p className="empty-state">This scenario has no flights yet: import a schedule file (SSIM, CSV or XLSX).</p>
            ) : (
              <FlightsGrid
                rows={data.data.rows}
                refs={data.data.refs}
                canEdit={data.data.canEdit}
                onEdit={onEdit}
                onReady={onReady}
                onShown={setShown}
                onEditing={setEditing}
              />
            )}
          </>
        )}
      </LoadState>
      <JobsPanel scenarioId={scenarioId} onFinished={onJobsFinished} />
      {jobGuard.ui}
      {importing && <ImportScheduleDialog scenarioId={scenarioId} onImported={() => void reload()} onClose={() => setImporting(false)} />}
    </section>
  );
}
