// Bar colours: an airline's primary brand colour, or a steady colour from a palette when the
// colour table does not know the airline (the same code always gets the same colour). On one
// chart the airlines must tell apart: American, JetBlue and Delta are all blues, so an airline
// whose colour is too close to one a busier airline already shows takes a palette colour.
import type { ReportAirlineColour } from './types';

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f', '#e15759', '#bab0ac'];

function paletteColour(key: string): string {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** How far apart two #rrggbb colours look, weighted by the mean red ("redmean"): 0 to about 765. */
export function colourDistance(a: string, b: string): number {
  const [r1, g1, b1] = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const [r2, g2, b2] = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  const r = (r1 + r2) / 2;
  return Math.sqrt((2 + r / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - r) / 256) * (b1 - b2) ** 2);
}

/** Colours closer than this are taken for one another on a Gantt. */
const DISTINCT = 120;

/**
 * Each airline's colour on a chart showing `codes` (busiest first): its own unless a busier one
 * already shows a colour too close to it, then the palette colour farthest from all taken.
 */
export function airlineColours(colours: readonly ReportAirlineColour[] = [], codes: readonly string[] = []): (code: string) => string {
  const known = new Map(colours.map((c) => [c.code.toUpperCase(), c.primary]));
  const own = (code: string) => known.get(code.toUpperCase()) ?? paletteColour(code);
  const taken = new Map<string, string>();
  for (const code of codes) {
    const used = [...taken.values()];
    const nearest = (colour: string) => Math.min(...used.map((u) => colourDistance(u, colour)));
    const farthest = () => PALETTE.reduce((best, c) => (nearest(c) > nearest(best) ? c : best));
    taken.set(code.toUpperCase(), nearest(own(code)) >= DISTINCT ? own(code) : farthest());
  }
  return (code) => taken.get(code.toUpperCase()) ?? own(code);
}

export const seriesColour = (i: number) => PALETTE[i % PALETTE.length];
