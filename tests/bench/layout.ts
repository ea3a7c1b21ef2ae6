// `npm run bench:layout`: the flows screen's Auto Layout on a large graph (60 airlines with 4
// segregations, 7 area groups, 2 outputs), five runs, for its "well under a second" target.
// A benchmark, not a test: no assertion depends on time.
import { layoutFlow, type LayoutInput } from '../../workers/flow/layout';
import { loadAverage, machine } from './machine';

const airlines = Array.from({ length: 60 }, (_, i) => `A${i}`);
const areas = Array.from({ length: 7 }, (_, i) => `area-${i}`);
const input: LayoutInput = {
  nodes: [
    ...airlines.map((a) => ({ id: `airline-${a}`, width: 260, height: 330, band: 0 as const })),
    ...areas.map((id) => ({ id, width: 400, height: 600, band: 1 as const })),
    { id: 'output-south', width: 180, height: 50, band: 2 },
    { id: 'output-north', width: 180, height: 50, band: 2 },
  ],
  edges: [
    ...airlines.flatMap((a, i) => [0, 1, 2, 3].map((s) => ({ source: `airline-${a}`, target: areas[(i + s) % areas.length] }))),
    ...areas.flatMap((id) => [
      { source: id, target: 'output-south' },
      { source: id, target: 'output-north' },
    ]),
  ],
  segregations: airlines.flatMap((a) => ['F', 'J', 'W', 'Y'].map((s) => ({ airlineCode: a, segregationName: s, splits: [50, 50] }))),
};

console.log(`Start: ${machine()}`);
for (let run = 1; run <= 5; run += 1) {
  const start = performance.now();
  await layoutFlow(input);
  console.log(`run ${run}: ${(performance.now() - start).toFixed(1)} ms`);
}
console.log(`End: load average ${loadAverage()}`);
