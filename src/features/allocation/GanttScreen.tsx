// The make-up and the check-in counter Gantt screens (/app/allocation/makeup, /checkin): the
// selected scenario's allocations on the one Gantt with counts of conflicts, overloads and locked
// bars. A drop shows at once, saves locked, and goes back with the server's words if refused.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'wouter';
import { NoScenarioSelected } from '../../components/ScenarioRequired';
import { ApiError } from '../../api/errors';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { useLiveReload } from '../../live/liveChanges';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { loadAllocations, loadPlanningData, type PlanningData } from './allocationApi';
import { allocationSettingsAtom } from './atoms';
import { Gantt } from './Gantt';
import { CHECKIN_GANTT, MAKEUP_GANTT, PLANNING_SETS, type GanttKind } from './ganttKinds';
import { airlineKey, countFlags, type GanttBar, type GanttModel } from './model/ganttModel';
import type { Drop } from './model/moves';
import type { TimeWindow } from './model/viewWindow';
import { changedMeanwhile } from '../../live/lastChange';

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
  const [settings, setSettings] = useAtom(allocationSettingsAtom);
  const [saving, setSaving] = useState(0);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { data, setData } = loaded;
  const [dragging, setDragging] = useState(false);
  const othersWaiting = useOthersChanges(scenarioId, spec, loaded.reload, setData, dragging || saving > 0, setMessage);
  const model = useMemo(() => (data ? spec.build(data, settings) : null), [data, spec, settings]);
  const flags = model ? countFlags(model) : null;
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

  return (
    <LoadState loading={loaded.loading} error={loaded.error} hasData={!!data}>
      {model && flags && (
        <>
          <div className="toolbar gantt-summary">
            <p className="toolbar__text">
              <strong>{model.bars.filter((b) => b.id > 0).length}</strong> {spec === MAKEUP_GANTT ? 'allocations' : 'counter blocks'} · times in{' '}
              {data?.day.timeZone}
            </p>
            <span className={`chip${flags.clashes ? ' chip--error' : ''}`}>{flags.clashes} in conflict</span>
            {spec === MAKEUP_GANTT && <span className={`chip${flags.overloads ? ' chip--warning' : ''}`}>{flags.overloads} overloaded</span>}
            {spec === MAKEUP_GANTT && (
              <span
                className={`chip${data?.unplaced.length ? ' chip--warning' : ''}`}
                title="Segregations with bags and no make-up position: in the top lanes, to drag onto one"
              >
                {data?.unplaced.length ?? 0} not placed
              </span>
            )}
            <span className="chip">{model.bars.filter((b) => b.locked).length} locked</span>
            {model.offChart > 0 && <span className="chip chip--warning">{model.offChart} on resources not shown</span>}
            {spec === MAKEUP_GANTT && (
              <>
                <label className="inline-field">
                  Buffer (min)
                  <input
                    type="number"
                    min={0}
                    max={60}
                    value={settings.bufferMinutes}
                    onChange={(e) => setSettings({ ...settings, bufferMinutes: Math.max(0, Number(e.target.value) || 0) })}
                  />
                </label>
                <label className="inline-field">
                  Overload above (bags/h per position)
                  <input
                    type="number"
                    min={1}
                    value={settings.maxBagsPerHour}
                    onChange={(e) => setSettings({ ...settings, maxBagsPerHour: Math.max(1, Number(e.target.value) || 1) })}
                  />
                </label>
              </>
            )}
            <span className="save-state" role="status">
              {saving > 0 ? 'Saving…' : othersWaiting ? 'Changed by someone else: shown once you let go' : ''}
            </span>
          </div>
          {message && (
            <p className={`notice notice--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          <div className="gantt-legend" aria-label="Legend">
            <span>
              <i className="gantt-legend__swatch gantt-legend__swatch--clash" /> conflict
            </span>
            {spec === MAKEUP_GANTT && (
              <span>
                <i className="gantt-legend__swatch gantt-legend__swatch--overload" /> overload
              </span>
            )}
            <span>
              <i className="gantt-legend__swatch gantt-legend__swatch--locked" /> locked (kept by the allocation jobs)
            </span>
          </div>
          <AirlineKey model={model} />
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
                canEdit={data?.canEdit ?? false}
                onDrop={onDrop}
                onDragging={setDragging}
                initialWindow={busyWindow(model.bars, model.domain)}
              />
            </>
          )}
        </>
      )}
    </LoadState>
  );
}

/** Which colour is which airline (brand colours too alike to tell apart are replaced on the chart). */
function AirlineKey({ model }: { model: GanttModel }) {
  const key = airlineKey(model);
  if (key.length === 0) return null;
  return (
    <ul className="gantt-legend gantt-legend--airlines" aria-label="Airline colours">
      {key.map(({ code, colour }) => (
        <li key={code}>
          <i className="gantt-legend__swatch" style={{ background: colour }} /> {code}
        </li>
      ))}
    </ul>
  );
}
