// What a Gantt screen says above its chart: the counts a planner checks (conflicts, overloads,
// segregations not placed, locks), the make-up settings the flags are judged by, whether a save or
// another planner's change is waiting; and the legend of flags and airline colours.
import { useAtom } from 'jotai';
import type { PlanningData } from './allocationApi';
import { allocationSettingsAtom } from './atoms';
import { MAKEUP_GANTT, type GanttKind } from './ganttKinds';
import { airlineKey, countFlags, type GanttModel } from './model/ganttModel';

type SummaryProps = { spec: GanttKind; model: GanttModel; data: PlanningData; status: string };

export function GanttSummary({ spec, model, data, status }: SummaryProps) {
  const [settings, setSettings] = useAtom(allocationSettingsAtom);
  const flags = countFlags(model);
  return (
    <div className="toolbar gantt-summary">
      <p className="toolbar__text">
        <strong>{model.bars.filter((b) => b.id > 0).length}</strong> {spec === MAKEUP_GANTT ? 'allocations' : 'counter blocks'} · times in {data.day.timeZone}
      </p>
      <span className={`chip${flags.clashes ? ' chip--error' : ''}`}>{flags.clashes} in conflict</span>
      {spec === MAKEUP_GANTT && <span className={`chip${flags.overloads ? ' chip--warning' : ''}`}>{flags.overloads} overloaded</span>}
      {spec === MAKEUP_GANTT && (
        <span
          className={`chip${data.unplaced.length ? ' chip--warning' : ''}`}
          title="Segregations with bags and no make-up position: in the top lanes, to drag onto one"
        >
          {data.unplaced.length} not placed
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
        {status}
      </span>
    </div>
  );
}

export function GanttLegend({ spec, model }: { spec: GanttKind; model: GanttModel }) {
  return (
    <>
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
    </>
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
