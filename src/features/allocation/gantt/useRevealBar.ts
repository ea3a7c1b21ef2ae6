// Bringing a bar into view on request (the find box): the time window pans to it, the lanes
// scroll so it sits mid-view, and once it is in the DOM (only bars in view are) it gets focus.
import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { GanttBar } from '../model/ganttModel';
import { windowShowing, type TimeWindow } from '../model/viewWindow';

type Options = {
  viewport: RefObject<HTMLDivElement | null>;
  root: RefObject<HTMLDivElement | null>;
  row: number;
  domain: [number, number];
  setWindow: Dispatch<SetStateAction<TimeWindow>>;
  setScrollTop: (top: number) => void;
};

export function useRevealBar({ viewport, root, row, domain, setWindow, setScrollTop }: Options): (bar: GanttBar) => void {
  const [pending, setPending] = useState<number | null>(null);
  // Runs after every render while a bar waits for focus: the render that puts it in the DOM
  // (no dependency list on purpose; it does nothing once the bar has focus).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (pending === null) return;
    const el = root.current?.querySelector<HTMLElement>(`[data-bar="${pending}"]`);
    if (!el) return;
    el.focus({ preventScroll: true });
    setPending(null);
  });
  return (bar) => {
    setWindow((w) => windowShowing(w, bar, domain));
    const el = viewport.current;
    if (el) {
      const top = Math.max(0, (bar.lane + bar.span / 2) * row - el.clientHeight / 2);
      el.scrollTop = top;
      setScrollTop(top);
    }
    setPending(bar.id);
  };
}
