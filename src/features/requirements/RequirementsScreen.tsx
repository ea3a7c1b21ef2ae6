// The requirements screen (/app/simulation/requirements): size to target, i.e. the fewest check-in counters,
// bag drops, kiosks and security lanes per period that keep each group within its level-of-service
// target on the design day, on the server's workers or in this browser; the plan against the
// current one, its exports, saving, applying, and comparing plans of two scenarios.
import { useCallback, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'wouter';
import { LoadState } from '../../components/LoadState';
import { ScenarioRequired } from '../../components/ScenarioRequired';
import { useLoader } from '../../components/useLoader';
import { api } from '../../api/client';
import { JobsPanel } from '../jobs/JobsPanel';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { settingsAtom } from '../simulation/atoms';
import { loadSimulationData } from '../simulation/loadScenario';
import { buildAirportDocument } from '../../../common/scenario/airportDocument';
import { PROCESSES } from '../../../common/scenario/documentSettings';
import { PROCESS_LABELS } from '../simulation/model/settings';
import { sizeToTargetAtom, sizingSettingsAtom, sizingStateAtom } from './atoms';
import { sizingDocument, validateSizingSettings } from './model/sizingSettings';
import { PlanActions } from './PlanActions';
import { PlanCompareView } from './PlanCompareView';
import { PlanView } from './PlanView';
import { SavedPlansPanel } from './SavedPlansPanel';
import { SizingSetupPanel } from './SizingSetupPanel';
import { SizingStatus } from './SizingStatus';
import type { PlanSettings, SavedPlan } from './sizingApi';

const TITLE = 'Requirements';

export default function RequirementsScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  if (!selected) return <ScenarioRequired title={TITLE} what="size its counters and lanes to target" />;
  return (
    <ScenarioRequirements key={selected.scenarioId} scenarioId={selected.scenarioId} projectId={selected.projectId} scenarioName={selected.scenarioName} />
  );
}

/** "Targets: check-in (economy) 20 min, ...; 95 % within target per 30-minute period." */
export function targetsLine(settings: PlanSettings): string {
  const share = `${Math.round(settings.share * 1000) / 10} % within target per ${settings.period_minutes}-minute period.`;
  const { targets } = settings;
  // A plan sized through the API without its targets: the queues' own targets, not named here.
  if (targets === undefined) return `Each queue's own target; ${share}`;
  return `Targets: ${PROCESSES.map((p) => `${PROCESS_LABELS[p].toLowerCase()} ${targets[p]} min`).join(', ')}; ${share}`;
}

function ScenarioRequirements({ scenarioId, projectId, scenarioName }: { scenarioId: number; projectId: number; scenarioName: string }) {
  const data = useLoader(() => loadSimulationData(api, scenarioId), [scenarioId]);
  const simulation = useAtomValue(settingsAtom);
  const sizing = useAtomValue(sizingSettingsAtom);
  const state = useAtomValue(sizingStateAtom);
  const size = useSetAtom(sizeToTargetAtom);
  const [targetsValid, setTargetsValid] = useState(true);
  const [version, setVersion] = useState(0);
  const [comparison, setComparison] = useState<{ other: SavedPlan; label: string } | null>(null);
  const built = useMemo(() => (data.data ? buildAirportDocument(data.data, { ...simulation, playback: false }) : null), [data.data, simulation]);
  const errors = validateSizingSettings(sizing);
  const mine = state.status !== 'idle' && state.scenarioId === scenarioId;
  const shown = mine && state.status === 'done' ? state : null;
  const running = mine && state.status === 'running';
  const empty = built && built.document.flights.length === 0;
  const ready = !!built && !empty && targetsValid && Object.keys(errors).length === 0;
  const changed = useCallback(() => setVersion((v) => v + 1), []);

  const start = () => {
    if (!built || !ready) return;
    const settings: PlanSettings = { share: sizing.sharePercent / 100, period_minutes: sizing.periodMinutes, targets: simulation.losTargets };
    const name = `${sizing.sharePercent} % within target, ${new Date().toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`;
    void size({ scenarioId, mode: sizing.mode, document: sizingDocument(built.document, sizing), settings, name }).then(changed);
  };
  const shownLabel = shown ? `${scenarioName}: ${shown.saved ? shown.saved.name : 'sized in this browser'}` : '';

  return (
    <section className="screen screen--wide sim-screen req-screen">
      <div className="sim-screen__header">
        <h1 className="screen__title">{TITLE}</h1>
        <div className="actions">
          <Link href="/app/simulation" className="link">
            Simulation
          </Link>
          <button type="button" className="button button--primary" disabled={!ready || running} onClick={start}>
            Size to target
          </button>
        </div>
      </div>
      <p className="muted req-intro">
        The fewest counters, bag drops, kiosks and security lanes open per period that keep each group's passengers within its waiting-time target on the design
        day, sized by simulation and verified on fresh replications (a period too close to call is flagged, never shown as met), beside the scenario's current
        allocations and lanes. A passenger who would reach a check-in counter only after their flight's check-in closes counts as outside the target.
      </p>
      <LoadState loading={data.loading} error={data.error} hasData={!!built}>
        {empty ? (
          <p className="empty-state">
            This scenario has no departures to size for. <Link href="/app/allocation/flight">Import or add flights</Link> first.
          </p>
        ) : (
          <SizingSetupPanel errors={errors} onTargetsValid={setTargetsValid} />
        )}
      </LoadState>
      <SizingStatus scenarioId={scenarioId} />
      {shown && <PlanActions shown={shown} onChanged={changed} />}
      {shown && comparison && (
        <PlanCompareView
          first={{ plan: shown.plan, label: shownLabel }}
          second={{ plan: comparison.other.plan, label: comparison.label }}
          onClose={() => setComparison(null)}
        />
      )}
      {shown && (
        <PlanView
          plan={shown.plan}
          title={`Facility requirements plan: ${shownLabel}`}
          targetsLine={targetsLine(shown.settings)}
          filePrefix={`${scenarioName} requirements`}
        />
      )}
      <SavedPlansPanel
        scenarioId={scenarioId}
        projectId={projectId}
        scenarioName={scenarioName}
        shown={shown}
        version={version}
        onCompare={(other, label) => setComparison({ other, label })}
      />
      <JobsPanel scenarioId={scenarioId} />
    </section>
  );
}
