// Ctrl/Cmd + wheel zooms the Gantt about the pointer, Shift + wheel (or a sideways swipe) pans.
// The listener is not passive so the page does not zoom or scroll sideways instead; it reads the
// latest window mapping and domain through refs, so it is added once.
import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { panWindow, zoomWindow, type TimeWindow } from '../model/viewWindow';

export function useWheelNavigation(
  viewport: RefObject<HTMLDivElement | null>,
  minuteAt: (clientX: number) => number,
  domain: [number, number],
  setWindow: Dispatch<SetStateAction<TimeWindow>>,
) {
  const minuteAtRef = useRef(minuteAt);
  minuteAtRef.current = minuteAt;
  const domainRef = useRef(domain);
  domainRef.current = domain;
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const at = minuteAtRef.current(e.clientX);
        setWindow((w) => zoomWindow(w, e.deltaY > 0 ? 1.25 : 0.8, at, domainRef.current));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const delta = e.shiftKey ? e.deltaY : e.deltaX;
        setWindow((w) => panWindow(w, (delta / 800) * (w.to - w.from), domainRef.current));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [viewport, setWindow]);
}
