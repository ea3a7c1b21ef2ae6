// How high a chart's value axis reaches. The lines decide it, not their bands: at few
// replications a 95 % interval can be many times its mean (Student's t with one degree of freedom
// is 12.7), and an axis fitted to it flattens the lines into the floor. So the axis takes the
// bands only up to half again the lines' peak; a band reaching higher is drawn to the edge.

/** The bands' share of headroom above the lines' peak. */
const BAND_HEADROOM = 1.5;

type Point = { y: number | null; high: number | null };

export function valueAxisTop(points: readonly Point[]): number {
  let peak = 0;
  let band = 0;
  for (const p of points) {
    if (p.y !== null && Number.isFinite(p.y)) peak = Math.max(peak, p.y);
    if (p.high !== null && Number.isFinite(p.high)) band = Math.max(band, p.high);
  }
  return Math.max(1, Math.max(peak * 1.05, Math.min(band, peak * BAND_HEADROOM)));
}

/** A band's upper edge, cut at the axis top so it is drawn to the edge and no further. */
export const clippedHigh = (high: number | null, top: number): number | null => (high === null ? null : Math.min(high, top));
