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
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { cancelSimulationAtom, runSimulationAtom, runStateAtom, settingsAtom, type ShownRun } from './atoms';
import { CompareView, type NamedRun } from './CompareView';
import { loadSimulationData } from './loadScenario';
import { buildAirportDocument } from './model/airportDocument';
import { defaultTimeRange } from './model/settings';
import { PlaybackView } from './playback/PlaybackView';
import { ResultsView } from './ResultsView';
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

type ScenarioSimulationProps = { scenarioId: number; projectId: number; scenarioName: string };

function ScenarioSimulation({ scenarioId, projectId, scenarioName }: ScenarioSimulationProps) {
  const data = useLoader(() => loadSimulationData(scenarioId), [scenarioId]);
  const settings = useAtomValue(settingsAtom);
  const state = useAtomValue(runStateAtom);
  const run = useSetAtom(runSimulationAtom);
  const cancel = useSetAtom(cancelSimulationAtom);
  const [tab, setTab] = useState<'results' | 'compare' | 'playback'>('results');
  const [comparison, setComparison] = useState<NamedRun | null>(null);

  const built = useMemo(() => (data.data ? buildAirportDocument(data.data, settings) : null), [data.data, settings]);
  const mine = state.status !== 'idle' && state.scenarioId === scenarioId;
  const shown: ShownRun | null = mine && state.status === 'done' ? state : null;
  const running = mine && state.status === 'running';
  const range = settings.timeRange ?? defaultTimeRange((shown?.document ?? built?.document)?.flights.map((f) => f.std_minutes) ?? []);
  const empty = built && built.document.flights.length === 0;

  const flowNote = !built
    ? ''
    : built.flowSource === 'graph'
      ? 'Flow used: the saved flow graph of the flow editor (its splits, queues, pax stories and security outputs).'
      : `Flow used: the default flow. Each airline's passengers queue at the check-in resources of its flights' zone, then go to security, split evenly over ${
          built.document.flow.outputs.map((o) => o.name).join(' and ') || 'no security lanes'
        }.${data.data?.flowGraph ? '' : ' The scenario has no saved flow graph.'}`;

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

      {running && (
        <div className="sim-progress" aria-live="polite">
          <p className="muted">
            Simulating: {state.progress.replicationsDone} of {state.progress.replications} replications done ({Math.round(state.progress.fraction * 100)}%).
          </p>
          <ProgressBar label="Simulation progress" value={state.progress.fraction * 100} />
        </div>
      )}
      {mine && state.status === 'cancelled' && <p className="notice">The simulation was cancelled.</p>}
      {mine && state.status === 'failed' && (
        <div className="notice notice--error" role="alert">
          <strong>The simulation could not run.</strong> {state.message}
          {state.field && (
            <p className="sim-error__field">
              Field: <code>{state.field}</code> of the exported document.
            </p>
          )}
        </div>
      )}

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
          <div className="tabs" role="tablist" aria-label="Results">
            <button type="button" role="tab" aria-selected={tab === 'results'} className="tabs__tab" onClick={() => setTab('results')}>
              Results
            </button>
            <button type="button" role="tab" aria-selected={tab === 'compare'} className="tabs__tab" disabled={!comparison} onClick={() => setTab('compare')}>
              Compare
            </button>
            <button type="button" role="tab" aria-selected={tab === 'playback'} className="tabs__tab" onClick={() => setTab('playback')}>
              Playback
            </button>
          </div>
          {tab === 'compare' && comparison ? (
            <CompareView variant={{ run: shown, label: shownLabel }} base={comparison} range={range} />
          ) : tab === 'playback' ? (
            <PlaybackView key={shownLabel} run={shown} title={shownLabel} />
          ) : (
            <ResultsView run={shown} range={range} title={shownLabel} />
          )}
        </>
      )}
      {!shown && !running && <RunsPanel scenarioId={scenarioId} projectId={projectId} scenarioName={scenarioName} shown={null} onCompare={() => undefined} />}
    </section>
  );
}
