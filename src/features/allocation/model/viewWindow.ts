// The time window a Gantt shows (pure, tested): zoom about a minute of the day, pan, and keep the
// window inside the chart's domain and between 30 minutes and the whole domain wide.
export type TimeWindow = { from: number; to: number };

const MIN_SPAN = 30;

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

/**
 * The window to show a bar in: the same one when the bar is inside it, else one as wide centred
 * on the bar (wider, with a margin, when the bar is longer than it).
 */
export function windowShowing(w: TimeWindow, bar: { start: number; end: number }, domain: [number, number]): TimeWindow {
  if (bar.start >= w.from && bar.end <= w.to) return w;
  const span = Math.max(w.to - w.from, (bar.end - bar.start) * 1.2);
  const from = (bar.start + bar.end) / 2 - span / 2;
  return clampWindow({ from, to: from + span }, domain);
}
