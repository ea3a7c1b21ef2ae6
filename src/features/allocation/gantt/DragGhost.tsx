// Where a dragged bar would land: its outline at the drop's lane and start, marked when the drop
// would be refused.
import type { GanttBar } from '../model/ganttModel';
import type { Drop } from '../model/moves';
import { stepOutline } from './stepOutline';

type Props = {
  dragging: { bar: GanttBar; drop: Drop };
  refused: boolean;
  /** Minute to pixel on the plot. */
  x: (minute: number) => number;
  row: number;
};

export function DragGhost({ dragging: { bar, drop }, refused, x, row }: Props) {
  return (
    <div
      className={`gantt__ghost${refused ? ' gantt__ghost--refused' : ''}`}
      style={{
        left: x(drop.start),
        width: Math.max(3, x(drop.start + bar.end - bar.start) - x(drop.start)),
        top: drop.lane * row + 2,
        height: bar.span * row - 4,
        background: bar.colour,
        clipPath: stepOutline(bar, (m) => x(m + drop.start - bar.start) - x(drop.start), row, 4),
      }}
      aria-hidden="true"
    />
  );
}
