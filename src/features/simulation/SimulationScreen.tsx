// The simulation screen (/app/simulation): the selected scenario's flights, allocations and flow
// as an airport document, the run's set-up, a run in the browser's workers with progress and
// Cancel, the results with their exports, saved runs, and the comparison of two runs.
import { useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { downloadBlob, fileSafe } from '../../charts/download';
import { LoadState } from '../../components/LoadState';
import { ProgressBar } from '../../components/ProgressBar';
import { useLoader } from '../../components/useLoader';
import { api } from '../../api/client';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { cancelSimulationAtom, runSimulationAtom, runStateAtom, settingsAtom, type RunState, type ShownRun } from './atoms';
import type { TimeRange } from './model/chartData';
import { CompareView, type NamedRun } from './CompareView';
import { loadSimulationData } from './loadScenario';
import { buildAirportDocument } from '../../../common/scenario/airportDocument';
import { defaultTimeRange } from './model/settings';
import { PlaybackView } from './playback/PlaybackView';
import { ResultsView } from './ResultsView';
import { RunEndedNotice } from './RunEndedNotice';
import { RunsPanel } from './RunsPanel';
import { SetupPanel } from './SetupPanel';

const TITLE = 'Simulation';

export default function SimulationScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) {
    return <ScenarioRequired title={TITLE} what="simulate its design day" />;
  }
  return <ScenarioSimulation key={selected.scenarioId} scenarioId={selected.scenarioId} projectId={selected.projectId} scenarioName={selected.scenarioName} />;
}

type Tab = 'results' | 'compare' | 'playback';

type ScenarioSimulationProps = { scenarioId: number; projectId: number; scenarioName: string };

function ScenarioSimulation({ scenarioId, projectId, scenarioName }: ScenarioSimulationProps) {
  const data = useLoader(() => loadSimulationData(api, scenarioId), [scenarioId]);
  const settings = useAtomValue(settingsAtom);
  const state = useAtomValue(runStateAtom);
  const run = useSetAtom(runSimulationAtom);
  const cancel = useSetAtom(cancelSimulationAtom);
  const [tab, setTab] = useState<Tab>('results');
  const [comparison, setComparison] = useState<NamedRun | null>(null);

  const built = useMemo(() => (data.data ? buildAirportDocument(data.data, settings) : null), [data.data, settings]);
  const mine = state.status !== 'idle' && state.scenarioId === scenarioId;
  const shown: ShownRun | null = mine && state.status === 'done' ? state : null;
  const running = mine && state.status === 'running';
  const range = settings.timeRange ?? defaultTimeRange((shown?.document ?? built?.document)?.flights.map((f) => f.std_minutes) ?? []);
  const empty = built && built.document.flights.length === 0;

  const flowNote = built ? flowNoteOf(built, !!data.data?.flowGraph) : '';

  const exportDocument = () => {
    if (!built) return;
    const text = JSON.stringify(built.document, null, 2);
    downloadBlob(`${fileSafe(`${scenarioName} airport`)}.json`, new Blob([text], { type: 'application/json' }));
  };

  const shownLabel = shown ? (shown.saved ? `${scenarioName}: ${shown.saved.name}` : `${scenarioName}: this run`) : '';

  return (
    <section className="screen screen--wide sim-screen">
      <div className="sim-screen__header">
        <h1 className="screen__title">{TITLE}</h1>
        <div className="actions">
          <Link href="/app/simulation/requirements" className="button">
            Size to target…
          </Link>
          <button type="button" className="button" disabled={!built || !!empty} onClick={exportDocument}>
            Export document (JSON)
          </button>
          {running ? (
            <button type="button" className="button button--danger" onClick={() => cancel()}>
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={!built || !!empty}
              onClick={() => built && void run({ scenarioId, document: built.document, processes: built.processes })}
            >
              Run simulation
            </button>
          )}
        </div>
      </div>
      <LoadState loading={data.loading} error={data.error} hasData={!!built}>
        {built && empty && (
          <p className="empty-state">
            This scenario has no departures to simulate. <Link href="/app/allocation/flight">Import or add flights</Link> first.
          </p>
        )}
        {built && !empty && <SetupPanel document={built.document} range={range} flowNote={flowNote} notes={built.notes} />}
      </LoadState>

      {mine && <RunStatus state={state} />}

      {shown && (
        <>
          <RunsPanel
            scenarioId={scenarioId}
            projectId={projectId}
            scenarioName={scenarioName}
            shown={shown}
            onCompare={(other, label) => {
              setComparison({ run: other, label });
              setTab('compare');
            }}
          />
          <ResultTabs tab={tab} onTab={setTab} shown={shown} label={shownLabel} comparison={comparison} range={range} />
        </>
      )}
      {!shown && !running && <RunsPanel scenarioId={scenarioId} projectId={projectId} scenarioName={scenarioName} shown={null} onCompare={() => undefined} />}
    </section>
  );
}

/** Which flow the document follows, in words, under the set-up. */
function flowNoteOf(built: NonNullable<ReturnType<typeof buildAirportDocument>>, hasFlowGraph: boolean): string {
  return built.flowSource === 'graph'
    ? 'Flow used: the saved flow graph of the flow editor (its splits, queues, pax stories and security outputs).'
    : `Flow used: the default flow. Each airline's passengers queue at the check-in resources of its flights' zone, then go to security, split evenly over ${
        built.document.flow.outputs.map((o) => o.name).join(' and ') || 'no security lanes'
      }.${hasFlowGraph ? '' : ' The scenario has no saved flow graph.'}`;
}

/** This scenario's run in progress, or how it ended when it did not give results. */
function RunStatus({ state }: { state: RunState }) {
  if (state.status === 'running') {
    return (
      <div className="sim-progress" aria-live="polite">
        <p className="muted">
          Simulating: {state.progress.replicationsDone} of {state.progress.replications} replications done ({Math.round(state.progress.fraction * 100)}%).
        </p>
        <ProgressBar label="Simulation progress" value={state.progress.fraction * 100} />
      </div>
    );
  }
  if (state.status === 'cancelled' || state.status === 'failed') return <RunEndedNotice ended={state} what="simulation" document="the exported document" />;
  return null;
}

type ResultTabsProps = {
  tab: Tab;
  onTab: (tab: Tab) => void;
  shown: ShownRun;
  label: string;
  comparison: NamedRun | null;
  range: TimeRange;
};

/** The shown run's results, its comparison with another run, and its playback, as tabs. */
function ResultTabs({ tab, onTab, shown, label, comparison, range }: ResultTabsProps) {
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Results">
        <button type="button" role="tab" aria-selected={tab === 'results'} className="tabs__tab" onClick={() => onTab('results')}>
          Results
        </button>
        <button type="button" role="tab" aria-selected={tab === 'compare'} className="tabs__tab" disabled={!comparison} onClick={() => onTab('compare')}>
          Compare
        </button>
        <button type="button" role="tab" aria-selected={tab === 'playback'} className="tabs__tab" onClick={() => onTab('playback')}>
          Playback
        </button>
      </div>
      {tab === 'compare' && comparison ? (
        <CompareView variant={{ run: shown, label }} base={comparison} range={range} />
      ) : tab === 'playback' ? (
        <PlaybackView key={label} run={shown} title={label} />
      ) : (
        <ResultsView run={shown} range={range} title={label} />
      )}
    </>
  );
}
