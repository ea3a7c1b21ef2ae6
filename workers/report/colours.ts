// Bar colours: an airline's primary brand colour, or a steady colour from a palette when the
// colour table does not know the airline (the same code always gets the same colour).
import type { ReportAirlineColour } from './types';

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f', '#e15759', '#bab0ac'];

export function paletteColour(key: string): string {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export function airlineColours(colours: readonly ReportAirlineColour[] = []): (code: string) => string {
  const known = new Map(colours.map((c) => [c.code.toUpperCase(), c.primary]));
  return (code) => known.get(code.toUpperCase()) ?? paletteColour(code);
}

export const seriesColour = (i: number) => PALETTE[i % PALETTE.length];
