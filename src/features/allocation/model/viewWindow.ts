// The time window a Gantt shows (pure, tested): zoom about a minute of the day, pan, and keep the
// window inside the chart's domain and between 30 minutes and the whole domain wide.
export type TimeWindow = { from: number; to: number };

export const MIN_SPAN = 30;

export function clampWindow(w: TimeWindow, [lo, hi]: [number, number]): TimeWindow {
  const span = Math.min(Math.max(MIN_SPAN, w.to - w.from), hi - lo);
  const from = Math.min(Math.max(lo, w.from), hi - span);
  return { from, to: from + span };
}

/** factor < 1 zooms in; `at` (a minute) stays where it is on screen. */
export function zoomWindow(w: TimeWindow, factor: number, at: number, domain: [number, number]): TimeWindow {
  const ratio = (at - w.from) / (w.to - w.from);
  const span = Math.min(Math.max(MIN_SPAN, (w.to - w.from) * factor), domain[1] - domain[0]);
  const from = at - ratio * span;
  return clampWindow({ from, to: from + span }, domain);
}

export function panWindow(w: TimeWindow, minutes: number, domain: [number, number]): TimeWindow {
  return clampWindow({ from: w.from + minutes, to: w.to + minutes }, domain);
}
