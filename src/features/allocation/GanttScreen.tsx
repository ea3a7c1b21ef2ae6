// The make-up and the check-in counter Gantt screens (/app/allocation/makeup, /checkin): the
// selected scenario's allocations on the one Gantt with counts of conflicts, overloads and locked
// bars. A drop shows at once, saves locked, and goes back with the server's words if refused.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { NoScenarioSelected } from '../../components/ScenarioRequired';
import { ApiError } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { useLiveReload } from '../../live/liveChanges';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { loadAllocations, loadPlanningData, type BaggageAllocation, type PlanningData } from './allocationApi';
import { allocationSettingsAtom } from './atoms';
import { Gantt } from './Gantt';
import { CHECKIN_GANTT, MAKEUP_GANTT, PLANNING_SETS, replaceById, type GanttKind } from './ganttKinds';
import type { GanttBar } from './model/ganttModel';
import { GanttLegend, GanttSummary } from './GanttSummary';
import type { Drop } from './model/moves';
import type { TimeWindow } from './model/viewWindow';
import { changedMeanwhile } from '../../live/lastChange';
import { AllocationTimesTable } from './AllocationTimesTable';

const KINDS = { makeup: MAKEUP_GANTT, checkin: CHECKIN_GANTT } as const;

export default function GanttScreen({ kind }: { kind: keyof typeof KINDS }) {
  const selected = useAtomValue(selectedScenarioAtom);
  const spec = KINDS[kind];
  return (
    <section className="screen screen--wide">
      <div className="screen__heading">
        <h1 className="screen__title">{spec.title}</h1>
        <nav className="screen__links" aria-label="Allocation screens">
          <Link href="/app/allocation/config" className="link">
            Configuration
          </Link>
          <Link href={kind === 'makeup' ? '/app/allocation/checkin' : '/app/allocation/makeup'} className="link">
            {kind === 'makeup' ? 'Check-in counter Gantt' : 'Make-up Gantt'}
          </Link>
          <Link href="/app/allocation/container" className="link">
            Containers
          </Link>
        </nav>
      </div>
      {selected ? (
        <ScenarioGantt key={`${kind}-${selected.scenarioId}`} spec={spec} projectId={selected.projectId} scenarioId={selected.scenarioId} />
      ) : (
        <NoScenarioSelected />
      )}
    </section>
  );
}

function busyWindow(bars: readonly GanttBar[], domain: [number, number]): TimeWindow {
  const placed = bars.filter((b) => b.lane >= 0);
  if (placed.length === 0) return { from: domain[0], to: domain[1] };
  const from = Math.floor(Math.min(...placed.map((b) => b.start)) / 60) * 60;
  const to = Math.ceil(Math.max(...placed.map((b) => b.end)) / 60) * 60;
  return { from: Math.max(domain[0], from), to: Math.min(domain[1], to) };
}

/**
 * Another planner's change shows once this one has let go of the bar and the save has answered:
 * a move reloads the allocations alone, any other change the whole screen. Answers whether a
 * change waits.
 */
function useOthersChanges(
  scenarioId: number,
  spec: GanttKind,
  reload: () => Promise<void>,
  setData: (update: (current: PlanningData | undefined) => PlanningData | undefined) => void,
  busy: boolean,
  setMessage: (message: { tone: 'error'; text: string }) => void,
): boolean {
  const reloadAllocations = useCallback(async () => {
    try {
      const fresh = await loadAllocations(scenarioId, spec.want);
      setData((current) => current && { ...current, ...fresh });
    } catch (caught) {
      setMessage({ tone: 'error', text: `Another planner's change could not be shown: ${caught instanceof Error ? caught.message : String(caught)}` });
    }
  }, [scenarioId, spec, setData, setMessage]);
  const allocationsWait = useLiveReload([spec.allocationsSet], reloadAllocations, busy);
  const restWaits = useLiveReload(PLANNING_SETS, reload, busy);
  return allocationsWait || restWaits;
}

function ScenarioGantt({ spec, projectId, scenarioId }: { spec: GanttKind; projectId: number; scenarioId: number }) {
  const loaded = useLoader(() => loadPlanningData(projectId, scenarioId, spec.want), [projectId, scenarioId, spec]);
  const settings = useAtomValue(allocationSettingsAtom);
  const [saving, setSaving] = useState(0);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { data, setData } = loaded;
  const [dragging, setDragging] = useState(false);
  const [typing, setTyping] = useState(false);
  const othersWaiting = useOthersChanges(scenarioId, spec, loaded.reload, setData, dragging || typing || saving > 0, setMessage);
  const showAllocation = useCallback(
    (allocation: BaggageAllocation) => setData((current) => current && { ...current, baggage: replaceById(current.baggage, [allocation]) }),
    [setData],
  );
  const model = useMemo(() => (data ? spec.build(data, settings) : null), [data, spec, settings]);
  const dataRef = useRef<PlanningData | undefined>(data);
  dataRef.current = data;

  const onDrop = useCallback(
    (bar: GanttBar, drop: Drop) => {
      const before = dataRef.current;
      if (!before || !model) return;
      setData((current) => current && spec.moved(current, model, bar, drop));
      setSaving((n) => n + 1);
      setMessage(null);
      spec
        .save(before, model, bar, drop)
        .then((apply) => {
          setData((current) => current && apply(current));
          setMessage({ tone: 'success', text: `${bar.label} ${bar.id < 0 ? 'placed' : 'moved'} and locked.` });
        })
        .catch(async (caught: unknown) => {
          const theirs = caught instanceof ApiError ? caught.current : null;
          setData((current) => current && spec.revert(current, before, bar, theirs));
          // Refused because someone changed the bar meanwhile: say who, and when.
          const text =
            caught instanceof ApiError && caught.status === 412
              ? await changedMeanwhile(scenarioId, spec.allocationsSet, theirs)
              : caught instanceof Error
                ? caught.message
                : String(caught);
          setMessage({ tone: 'error', text: `${bar.label} not moved: ${text}` });
        })
        .finally(() => setSaving((n) => n - 1));
    },
    [model, scenarioId, setData, spec],
  );

  const status = saving > 0 ? 'Saving…' : othersWaiting ? `Changed by someone else: shown once you ${typing ? 'save or undo your edits' : 'let go'}` : '';

  return (
    <LoadState loading={loaded.loading} error={loaded.error} hasData={!!data}>
      {model && data && (
        <>
          <GanttSummary spec={spec} model={model} data={data} status={status} />
          {message && (
            <p className={`notice notice--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          <GanttLegend spec={spec} model={model} />
          {model.lanes.length === 0 ? (
            <p className="empty-state">
              This scenario has no {spec === MAKEUP_GANTT ? 'make-up resources' : 'check-in counters'}: add them on the configuration screen.
            </p>
          ) : (
            <>
              {model.bars.length === 0 && <p className="empty-state">{spec.empty}</p>}
              <Gantt
                model={model}
                label={spec.label}
                laneHeading={spec.laneHeading}
                canEdit={data.canEdit}
                onDrop={onDrop}
                onDragging={setDragging}
                initialWindow={busyWindow(model.bars, model.domain)}
              />
              {spec === MAKEUP_GANTT && data.baggage.length > 0 && (
                <AllocationTimesTable data={data} model={model} canEdit={data.canEdit} onShow={showAllocation} onDrafting={setTyping} />
              )}
            </>
          )}
        </>
      )}
    </LoadState>
  );
}
