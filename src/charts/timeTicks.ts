// Tick positions of a time-of-day axis, shared by the charts that draw one.

/** Ticks on whole hours, 1 to 6 hours apart, about one per 90 pixels. */
export function hourTicks(from: number, to: number, width: number): number[] {
  const wanted = Math.max(2, Math.floor(width / 90));
  const step = [60, 120, 180, 240, 360].find((s) => (to - from) / s <= wanted) ?? 360;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}
