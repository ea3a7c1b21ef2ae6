// One colour per series key, stable across charts (a queue keeps its colour in every chart and
// in a comparison), from d3's Tableau 10 scheme.
import { schemeTableau10 } from 'd3';

export function colourFor(keys: readonly string[]): (key: string) => string {
  const index = new Map(keys.map((k, i) => [k, i]));
  return (key) => schemeTableau10[(index.get(key) ?? 0) % schemeTableau10.length];
}
