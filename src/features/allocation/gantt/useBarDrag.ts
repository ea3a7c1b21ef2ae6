// Moving a Gantt bar by pointer (a drag past a few pixels, snapped to lanes and 5 minutes) or by
// the arrow keys when it has focus (Shift: 30 minutes). The hover it reports places the tooltips;
// the drop goes to `tryDrop`, which checks it.
import { useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { GanttBar, GanttModel } from '../model/ganttModel';
import { dropFor, SNAP_MINUTES, type Drop } from '../model/moves';
import type { Hover } from './GanttTooltips';

const DRAG_THRESHOLD = 4;

type DragState = { bar: GanttBar; x0: number; y0: number; drop: Drop | null };

type Options = {
  model: GanttModel;
  canEdit: boolean;
  /** Pixels per lane and per minute of the plot. */
  rowHeight: number;
  pixelsPerMinute: number;
  root: RefObject<HTMLDivElement | null>;
  setHover: (hover: Hover | null) => void;
  tryDrop: (bar: GanttBar, drop: Drop) => void;
};

export function useBarDrag({ model, canEdit, rowHeight, pixelsPerMinute, root, setHover, tryDrop }: Options) {
  const [drag, setDrag] = useState<DragState | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>, bar: GanttBar) => {
    if (e.button !== 0 || !canEdit) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ bar, x0: e.clientX, y0: e.clientY, drop: null });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>, bar: GanttBar) => {
    const rect = root.current?.getBoundingClientRect();
    setHover({ bar, x: e.clientX - (rect?.left ?? 0), y: e.clientY - (rect?.top ?? 0) });
    if (!drag || drag.bar.id !== bar.id) return;
    const dx = e.clientX - drag.x0;
    const dy = e.clientY - drag.y0;
    if (!drag.drop && Math.abs(dx) < DRAG_THRESHOLD && Math.abs(dy) < DRAG_THRESHOLD) return;
    setDrag({ ...drag, drop: dropFor(model, bar, Math.round(dy / rowHeight), dx / pixelsPerMinute) });
  };
  const onPointerUp = (bar: GanttBar) => {
    if (drag?.bar.id === bar.id && drag.drop) tryDrop(bar, drag.drop);
    setDrag(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, bar: GanttBar) => {
    if (!canEdit) return;
    const step = e.shiftKey ? 30 : SNAP_MINUTES;
    const moves: Record<string, [number, number]> = { ArrowLeft: [0, -step], ArrowRight: [0, step], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    tryDrop(bar, dropFor(model, bar, move[0], move[1]));
  };

  return {
    /** Whether a bar is held (pressed, moved or not yet). */
    held: drag !== null,
    /** The bar being dragged and where it would land, once it has moved. */
    dragging: drag?.drop ? { bar: drag.bar, drop: drag.drop } : null,
    barHandlers: (bar: GanttBar) => ({
      onPointerDown: (e: PointerEvent<HTMLDivElement>) => onPointerDown(e, bar),
      onPointerMove: (e: PointerEvent<HTMLDivElement>) => onPointerMove(e, bar),
      onPointerUp: () => onPointerUp(bar),
      onPointerCancel: () => setDrag(null),
      onPointerLeave: () => setHover(null),
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => onKeyDown(e, bar),
    }),
  };
}
