// What the Gantt says beside the pointer: a bar's details and flags while hovering, where a
// dragged bar would land (and why it may not) while dragging, and why the last move was refused.
import type { GanttBar, GanttModel } from '../model/ganttModel';
import type { Drop } from '../model/moves';

export type Hover = { bar: GanttBar; x: number; y: number };

/** Beside the pointer, on its left when the right side has no room. */
function tooltipAt(hover: Hover, root: HTMLElement | null) {
  const width = root?.clientWidth ?? 1200;
  return hover.x > width - 340 ? { right: width - hover.x + 14, top: hover.y + 14 } : { left: hover.x + 14, top: hover.y + 14 };
}

type Props = {
  model: GanttModel;
  laneHeading: string;
  hover: Hover | null;
  root: HTMLElement | null;
  /** The bar being dragged and where it would land, described. */
  dragging: { text: string; problem: string | null } | null;
  refused: string | null;
};

export function GanttTooltips({ model, laneHeading, hover, root, dragging, refused }: Props) {
  return (
    <>
      {hover && !dragging && (
        <div className="gantt__tooltip" role="tooltip" style={tooltipAt(hover, root)}>
          <strong>{hover.bar.details[0]}</strong>
          {hover.bar.details.slice(1).map((line) => (
            <span key={line}>{line}</span>
          ))}
          {hover.bar.clash && (
            <span className="gantt__tooltip-flag">
              Conflict: shares its {laneHeading.toLowerCase()} with another bar{model.buffer ? ` (${model.buffer}-minute buffer)` : ''}
            </span>
          )}
          {hover.bar.overload && <span className="gantt__tooltip-flag">Overload: more bags an hour than one position loads</span>}
          {hover.bar.locked && <span>Locked: the allocation jobs keep it</span>}
        </div>
      )}
      {dragging && hover && (
        <div className={`gantt__tooltip${dragging.problem ? ' gantt__tooltip--refused' : ''}`} role="status" style={tooltipAt(hover, root)}>
          <strong>{dragging.text}</strong>
          {dragging.problem && <span>{dragging.problem}</span>}
        </div>
      )}
      {refused && (
        <p className="notice notice--error gantt__refused" role="alert">
          {refused}
        </p>
      )}
    </>
  );
}

/** Where a dropped bar lands, in words: its lanes and its window. */
export function dropText(model: GanttModel, bar: GanttBar, drop: Drop, clock: (minutes: number) => string): string {
  const lane = model.lanes[drop.lane];
  const where =
    bar.span > 1
      ? `${lane.zoneName}, ${lane.label}–${model.lanes[drop.lane + bar.span - 1].label}`
      : `${lane.resourceName}${lane.label !== lane.resourceName ? ` ${lane.label}` : ''}`;
  return `${where} · ${clock(drop.start)}–${clock(drop.start + bar.end - bar.start)}`;
}
