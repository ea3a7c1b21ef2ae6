// Panning the Gantt's time window by dragging the empty plot: the window moves with the pointer
// by as many minutes as the pixels it travelled, kept inside the day.
import { useRef, type PointerEvent } from 'react';
import { panWindow, type TimeWindow } from '../model/viewWindow';

export function usePlotPan(window: TimeWindow, plotWidth: number, domain: [number, number], setWindow: (window: TimeWindow) => void) {
  const pan = useRef<{ x0: number; window: TimeWindow } | null>(null);
  const end = () => {
    pan.current = null;
  };
  return {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      if (e.button !== 0) return;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      pan.current = { x0: e.clientX, window };
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const start = pan.current;
      if (start) setWindow(panWindow(start.window, (-(e.clientX - start.x0) / plotWidth) * (start.window.to - start.window.from), domain));
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}
