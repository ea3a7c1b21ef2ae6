// The Gantt's left gutter: zone and resource group labels (a zone's name follows the scroll down
// its lanes so it stays in sight) and the labels of the lanes in view.
import type { GanttModel } from '../model/ganttModel';

type Props = { model: GanttModel; row: number; firstLane: number; lastLane: number; scrollTop: number };

const KIND = / \((.*)\)$/;

export function GanttGutter({ model, row, firstLane, lastLane, scrollTop }: Props) {
  return (
    <div className="gantt__gutter">
      {model.groups.map((g, i) => {
        if (g.first + g.count - 1 < firstLane || g.first > lastLane) return null;
        const top = g.first * row;
        const sticky = g.level === 'zone' ? Math.min(Math.max(top, scrollTop), (g.first + g.count - 1) * row) : top;
        const kind = g.level === 'resource' && g.count > 1 ? KIND.exec(g.label)?.[1] : undefined;
        return (
          <div key={i} className={`gantt__group gantt__group--${g.level}`} style={{ top, height: g.count * row }}>
            <span className="gantt__group-label" style={{ top: sticky - top }} title={g.label}>
              {g.label.replace(KIND, '')}
              {kind && <small className="gantt__group-kind">{kind}</small>}
            </span>
          </div>
        );
      })}
      {model.lanes.slice(firstLane, lastLane + 1).map((lane, i) => (
        <div key={lane.key} className="gantt__lane-label" data-lane={lane.key} style={{ top: (firstLane + i) * row, height: row }}>
          {lane.label}
        </div>
      ))}
    </div>
  );
}
