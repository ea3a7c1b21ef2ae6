// The flights screen (/app/allocation/flight): the selected scenario's flights in a grid with
// inline editing saved in batches through PATCH flights/bulk/, the schedule import, the rule
// jobs (apply import rules, generate segregations; each asks first when it would overwrite or
// remove the planner's work) and the jobs panel. Without a selected scenario it says so and
// links to the projects screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { provenanceWords } from '../season/model/provenanceWords';
import type { ScenarioProvenance } from '../../../workers/schedule/provenance';
import { isImportField } from '../../../common/rules/importFields';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import type { CellValueChangedEvent, GridApi, GridReadyEvent } from 'ag-grid-community';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { noteJobStartedAtom } from '../jobs/atoms';
import { startJob, type JobCall } from '../jobs/jobCalls';
import { browserSchedule, type Job } from '../jobs/jobPolling';
import { JobsPanel } from '../jobs/JobsPanel';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { dayClock } from '../../../workers/report/time';
import { flightAllocations } from './allocationColumns';
import { buildFlightRows, countByFlight, lookupsFrom, parseLocalTime, shownCount, toRow, type Flight, type FlightRow } from './flightRows';
import { FlightsGrid } from './FlightsGrid';
import { ImportScheduleDialog } from './ImportScheduleDialog';
import { createPatchBatcher, describeBulkErrors, type SaveState } from './patchBatcher';
import { useJobGuard } from '../jobs/useJobGuard';
import { importRulesGuard, segregationsGuard } from './flightJobGuards';

const TITLE = 'Baggage flights';

export default function FlightsScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) {
    return <ScenarioRequired title={TITLE} what="see its flights" />;
  }
  return <ScenarioFlights key={selected.scenarioId} scenarioId={selected.scenarioId} projectId={selected.projectId} />;
}

async function loadScenarioFlights(scenarioId: number, projectId: number) {
  const query = { params: { query: { scenario_id: scenarioId } } };
  const [project, scenario, airports, airlines, aircraft, zones, turnupProfiles, flights, segregations, resources, baggage] = await Promise.all([
    unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: projectId } } })),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    unwrap(api.GET('/api/airports/', query)),
    unwrap(api.GET('/api/airlines/', query)),
    unwrap(api.GET('/api/aircraft/', query)),
    unwrap(api.GET('/api/zones/', query)),
    unwrap(api.GET('/api/turnup-profiles/', query)),
    unwrap(api.GET('/api/flights/', query)),
    unwrap(api.GET('/api/segregations/', query)),
    unwrap(api.GET('/api/allocation/resource/', query)),
    unwrap(api.GET('/api/allocation/baggage-allocation/', query)),
  ]);
  const timeZone = airports[0]?.time_zone || 'UTC';
  const designDate = scenario.design_date ?? (flights[0]?.scheduled.slice(0, 10) || '1970-01-01');
  const allocations = flightAllocations(baggage, resources, segregations, dayClock(designDate, timeZone));
  const lookups = lookupsFrom({
    airlines,
    aircraft,
    segregationCounts: countByFlight(segregations),
    timeZone,
    designDate: scenario.design_date,
    allocations,
  });
  return {
    provenance: provenanceWords(scenario.provenance as ScenarioProvenance),
    canEdit: project.role !== 'viewer',
    timeZone: lookups.timeZone,
    lookups,
    refs: { zones, turnupProfiles, aircraft },
    rows: buildFlightRows({ flights, airlines, aircraft, segregationCounts: lookups.segregationCounts, timeZone: lookups.timeZone, designDate: scenario.design_date, allocations }),
  };
}

const SAVE_WORDS: Record<SaveState, string> = {
  idle: '',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Changes not saved',
};

function ScenarioFlights({ scenarioId, projectId }: { scenarioId: number; projectId: number }) {
  const data = useLoader(() => loadScenarioFlights(scenarioId, projectId), [scenarioId, projectId]);
  const gridApi = useRef<GridApi<FlightRow> | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [jobError, setJobError] = useState<string | null>(null);
  const jobGuard = useJobGuard();
  const noteJobStarted = useSetAtom(noteJobStartedAtom);
  const lookups = data.data?.lookups;
  const { reload } = data;

  const batcher = useMemo(() => {
    const replaceRows = (flights: Flight[]) => {
      if (!lookups) return;
      gridApi.current?.applyTransaction({ update: flights.map((f) => toRow(f, lookups)) });
    };
    const current = (id: number) => gridApi.current?.getRowNode(String(id))?.data;
    return createPatchBatcher({
      send: async (items) => {
        replaceRows(await unwrap(api.PATCH('/api/flights/bulk/', { body: items })));
      },
      schedule: browserSchedule,
      onState: (state) => {
        setSaveState(state);
        if (state === 'saving') setSaveErrors([]);
      },
      onFailed: (items, previous, error) => {
        const reverted = items.flatMap((item) => {
          const row = current(item.id);
          return row ? [{ ...row, ...previous.get(item.id) } as Flight] : [];
        });
        replaceRows(reverted);
        const name = (id: number) => {
          const row = current(id);
          return row ? `${row.airline_code} ${row.flight_number}` : `Flight ${id}`;
        };
        setSaveErrors(
          error instanceof ApiError && Object.keys(error.fields).length > 0
            ? describeBulkErrors(items, error.fields, name)
            : [error instanceof Error ? error.message : String(error)],
        );
      },
    });
  }, [lookups]);

  useEffect(() => () => void batcher.flush(), [batcher]);

  const onEdit = useCallback(
    (event: CellValueChangedEvent<FlightRow>) => {
      const field = event.colDef.field;
      if (!field || !event.data || event.newValue === event.oldValue) return;
      if (field === 'passengers_shown') {
        const value = event.newValue === null || event.newValue === '' ? null : Number(event.newValue);
        batcher.add(event.data.id, 'passengers', value, event.data.passengers);
      } else if (field === 'std_local' && lookups) {
        const row = event.data;
        const scheduled = parseLocalTime(String(event.newValue ?? ''), lookups.timeZone, lookups.designDate, row.scheduled);
        if (scheduled === null) {
          // Nothing to save: the cell shows the STD again and the message says what to type.
          gridApi.current?.applyTransaction({ update: [toRow(row, lookups)] });
          setSaveErrors([`${row.airline_code} ${row.flight_number}, STD: "${String(event.newValue ?? '')}" is not a time; type HH:MM, with +1 for the next day`]);
        } else if (scheduled !== row.scheduled) {
          batcher.add(row.id, 'scheduled', scheduled, row.scheduled);
        }
      } else {
        batcher.add(event.data.id, field, event.newValue, event.oldValue);
        // A value set by hand would be overwritten by the next run of the import rules: lock the
        // flight, which calls this again for 'locked'.
        if (isImportField(field) && !event.data.locked) event.node.setDataValue('locked', true);
      }
    },
    [batcher, lookups],
  );
  const [shown, setShown] = useState<number | null>(null);
  const onReady = useCallback((event: GridReadyEvent<FlightRow>) => {
    gridApi.current = event.api;
  }, []);

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
  const onJobsFinished = useCallback((jobs: Job[]) => {
    if (jobs.some((job) => job.status === 'succeeded')) void reload();
  }, [reload]);

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
            <div className="toolbar">
              <p className="toolbar__text">
                <strong>{shownCount(shown, data.data.rows.length)}</strong> · times in {data.data.timeZone} · double-click a cell to edit
              </p>
              <span className={`save-state save-state--${saveState}`} role="status">
                {SAVE_WORDS[saveState]}
              </span>
              <Link href="/app/allocation/season" className="toolbar__link">
                Season overview
              </Link>
              {data.data.canEdit && (
                <>
                  <button type="button" className="button button--small button--primary" onClick={() => setImporting(true)}>
                    Import schedule
                  </button>
                  <button type="button" className="button button--small" onClick={() => void jobGuard.run(importRulesGuard(scenarioId), () => void runJob('applyImportRules'))}>
                    Apply import rules
                  </button>
                  <button type="button" className="button button--small" onClick={() => void jobGuard.run(segregationsGuard(scenarioId), () => void runJob('generateSegregations'))}>
                    Generate segregations
                  </button>
                </>
              )}
            </div>
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
              <FlightsGrid rows={data.data.rows} refs={data.data.refs} canEdit={data.data.canEdit} onEdit={onEdit} onReady={onReady} onShown={setShown} />
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
