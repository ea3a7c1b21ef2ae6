// The baggage configuration screen (/app/allocation/config): the allocation jobs (generate
// segregations, make-up allocation, check-in counter allocation) with their options, progress and
// results; the make-up areas and their resources; the segregation rules and bag parameters with
// the make-up open and close times; links to the Gantts and the containers.
import { memo, useCallback, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { NoScenarioSelected } from '../../components/ScenarioRequired';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { JobsPanel } from '../jobs/JobsPanel';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import type { ScenarioLists } from '../scenarioData/editors';
import { listRows, RESOURCE_PATHS, type DataRow, type ResourceKey } from '../scenarioData/resourceClient';
import { MAKEUP_TYPES } from '../../../workers/report/lanes';
import { ConfigJobCard } from './ConfigJobCard';
import { allocationSettingsAtom, type CountersPer } from './atoms';
import { ScenarioRowsTable } from './ScenarioRowsTable';

const TITLE = 'Baggage configuration';
const USED: ResourceKey[] = ['zones', 'resources', 'segregationRules', 'bagsRules'];
const SERVICE_COLUMNS = ['service_mean_seconds', 'service_cv', 'queue_area_m2'];

export default function ConfigScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  return (
    <section className="screen screen--wide">
      <h1 className="screen__title">{TITLE}</h1>
      {selected ? (
        <ScenarioConfig key={selected.scenarioId} projectId={selected.projectId} scenarioId={selected.scenarioId} />
      ) : (
        <NoScenarioSelected what="configure its baggage allocation" />
      )}
    </section>
  );
}

async function loadConfig(projectId: number, scenarioId: number) {
  const [project, scenario, ...lists] = await Promise.all([
    unwrap(api.GET('/api/projects/{id}/', { params: { path: { id: projectId } } })),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: scenarioId } } })),
    ...USED.map((key) => listRows(key, scenarioId)),
  ]);
  const all = Object.fromEntries((Object.keys(RESOURCE_PATHS) as ResourceKey[]).map((key) => [key, [] as DataRow[]])) as ScenarioLists;
  USED.forEach((key, i) => (all[key] = lists[i]));
  return { canWrite: project.role !== 'viewer', counterShare: scenario.counter_share, lists: all };
}

const isMakeupResource = (row: DataRow) => MAKEUP_TYPES.has(String(row.resource_type));
const onlyMakeupZones = (lists: ScenarioLists): ScenarioLists => ({ ...lists, zones: lists.zones.filter((z) => z.kind === 'makeup') });

function ScenarioConfig({ projectId, scenarioId }: { projectId: number; scenarioId: number }) {
  const loaded = useLoader(() => loadConfig(projectId, scenarioId), [projectId, scenarioId]);
  const { setData } = loaded;
  const onLists = useCallback(
    (update: (current: ScenarioLists | undefined) => ScenarioLists | undefined) => setData((d) => d && { ...d, lists: update(d.lists) ?? d.lists }),
    [setData],
  );
  // The cards tell how the allocations stand now: they read them again when any job finishes.
  const [jobsFinished, setJobsFinished] = useState(0);
  const onJobsFinished = useCallback(() => setJobsFinished((n) => n + 1), []);
  const canWrite = loaded.data?.canWrite ?? false;
  const lists = loaded.data?.lists;

  return (
    <>
      <JobCards scenarioId={scenarioId} canWrite={canWrite} counterShare={loaded.data?.counterShare} jobsFinished={jobsFinished} />
      <p className="muted">
        See also the{' '}
        <Link href="/app/allocation/container" className="link">
          containers and bag flow
        </Link>{' '}
        and the{' '}
        <Link href="/app/allocation/flight" className="link">
          flights with their allocations
        </Link>
        .
      </p>
      <LoadState loading={loaded.loading} error={loaded.error} hasData={!!lists}>
        {lists && <ConfigTables scenarioId={scenarioId} lists={lists} canWrite={canWrite} onLists={onLists} />}
      </LoadState>
      <JobsPanel scenarioId={scenarioId} onFinished={onJobsFinished} />
    </>
  );
}

type JobCardsProps = { scenarioId: number; canWrite: boolean; counterShare: number | undefined; jobsFinished: number };

/** The allocation jobs with their options, and the report graphics. */
function JobCards({ scenarioId, canWrite, counterShare, jobsFinished }: JobCardsProps) {
  const [settings, setSettings] = useAtom(allocationSettingsAtom);
  return (
    <>
      <div className="allocation-jobs">
        <ConfigJobCard
          jobsFinished={jobsFinished}
          kind="segregations"
          scenarioId={scenarioId}
          settings={settings}
          canRun={canWrite}
          title="Segregations"
          buttonLabel="Generate segregations"
          description="Splits every departure's bags into segregations (classes, transfer, destinations) by the segregation rules and bag parameters below."
        />
        <ConfigJobCard
          jobsFinished={jobsFinished}
          kind="makeup"
          scenarioId={scenarioId}
          settings={settings}
          canRun={canWrite}
          title="Make-up allocation"
          buttonLabel="Run make-up allocation"
          description="Places every segregation on make-up positions of its flight's make-up zone over its open-close window; locked bars stay."
          options={
            <>
              <NumberOption
                label="Time limit (s)"
                value={settings.timeLimitS}
                min={1}
                max={600}
                onChange={(v) => setSettings({ ...settings, timeLimitS: v })}
              />
              <NumberOption
                label="Clearing buffer (min)"
                value={settings.bufferMinutes}
                min={0}
                max={60}
                onChange={(v) => setSettings({ ...settings, bufferMinutes: v })}
              />
            </>
          }
          links={
            <Link href="/app/allocation/makeup" className="link">
              Open the make-up Gantt
            </Link>
          }
        />
        <ConfigJobCard
          jobsFinished={jobsFinished}
          kind="checkin"
          scenarioId={scenarioId}
          counterShare={counterShare}
          settings={settings}
          canRun={canWrite}
          title="Check-in counter allocation"
          buttonLabel="Run check-in allocation"
          description="Sizes counters from the turn-up profiles of the passengers who check in at a counter (the scenario's “Passengers at counters”) and places blocks of adjacent counters in the check-in zone: per airline, one block over each run of its overlapping flights that follows their demand (common check-in), or one block per flight; locked blocks stay."
          options={
            <>
              <NumberOption
                label="Time limit (s)"
                value={settings.timeLimitS}
                min={1}
                max={600}
                onChange={(v) => setSettings({ ...settings, timeLimitS: v })}
              />
              <NumberOption
                label="Max queue (min)"
                value={settings.maxQueueMinutes}
                min={1}
                max={120}
                onChange={(v) => setSettings({ ...settings, maxQueueMinutes: v })}
              />
              <label className="inline-field">
                Counters per
                <select value={settings.countersPer} onChange={(e) => setSettings({ ...settings, countersPer: e.target.value as CountersPer })}>
                  <option value="airline">Airline (common check-in)</option>
                  <option value="flight">Flight</option>
                </select>
              </label>
            </>
          }
          links={
            <>
              <Link href="/app/allocation/checkin" className="link">
                Open the check-in counter Gantt
              </Link>{' '}
              <Link href="/app/simulation/requirements" className="link">
                Size counters and lanes to target by simulation
              </Link>
            </>
          }
        />
      </div>
      <ConfigJobCard
        jobsFinished={jobsFinished}
        kind="graphics"
        scenarioId={scenarioId}
        settings={settings}
        canRun={canWrite}
        title="Report graphics"
        buttonLabel="Render report graphics"
        description="Draws the make-up Gantt, the check-in counter Gantt and the make-up occupancy as SVG files for a report, from the allocations as they are now."
      />
    </>
  );
}

type ConfigTablesProps = {
  scenarioId: number;
  lists: ScenarioLists;
  canWrite: boolean;
  onLists: (update: (current: ScenarioLists | undefined) => ScenarioLists | undefined) => void;
};

/** The make-up resources, the segregation rules and the bag parameters, each editable in place. */
function ConfigTables({ scenarioId, lists, canWrite, onLists }: ConfigTablesProps) {
  const makeupZone = lists.zones.find((z) => z.kind === 'makeup');
  return (
    <>
      <section className="card" aria-labelledby="makeup-resources-heading">
        <h2 id="makeup-resources-heading" className="card__title">
          Make-up areas and resources
        </h2>
        <MakeupSummary lists={lists} />
        <ScenarioRowsTable
          dataSet="resources"
          scenarioId={scenarioId}
          lists={lists}
          canWrite={canWrite}
          onLists={onLists}
          keep={isMakeupResource}
          omit={SERVICE_COLUMNS}
          narrowLists={onlyMakeupZones}
          newRow={{ name: '', zone_id: makeupZone?.id ?? '', resource_type: 'makeup_carousel', positions: 4, display_order: 0 }}
        />
      </section>
      <section className="card" aria-labelledby="segregation-rules-heading">
        <h2 id="segregation-rules-heading" className="card__title">
          Segregation rules
        </h2>
        <p className="muted">Rules apply in priority order, lowest first; empty criteria match every flight. Shares total 100 %.</p>
        <ScenarioRowsTable dataSet="segregationRules" scenarioId={scenarioId} lists={lists} canWrite={canWrite} onLists={onLists} />
      </section>
      <section className="card" aria-labelledby="bag-rules-heading">
        <h2 id="bag-rules-heading" className="card__title">
          Bags per allocation: bags, containers and make-up open/close times
        </h2>
        <ScenarioRowsTable dataSet="bagsRules" scenarioId={scenarioId} lists={lists} canWrite={canWrite} onLists={onLists} />
      </section>
    </>
  );
}

const MakeupSummary = memo(function MakeupSummary({ lists }: { lists: ScenarioLists }) {
  const zones = lists.zones.filter((z) => z.kind === 'makeup');
  if (zones.length === 0) return <p className="muted">No make-up zones: add a zone of kind “makeup” on the project configuration screen.</p>;
  return (
    <ul className="makeup-summary">
      {zones.map((zone) => {
        const resources = lists.resources.filter((r) => r.zone_id === zone.id && isMakeupResource(r));
        const positions = resources.reduce((n, r) => n + Number(r.positions ?? 0), 0);
        return (
          <li key={zone.id}>
            <strong>{String(zone.name)}</strong>: {resources.length} resources, {positions} positions
          </li>
        );
      })}
    </ul>
  );
});

function NumberOption({ label, value, min, max, onChange }: { label: string; value: number; min: number; max: number; onChange: (value: number) => void }) {
  return (
    <label className="inline-field">
      {label}
      <input type="number" min={min} max={max} value={value} onChange={(e) => onChange(Math.min(max, Math.max(min, Number(e.target.value) || min)))} />
    </label>
  );
}
