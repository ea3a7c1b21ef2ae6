import { readFileSync } from 'node:fs';
import { Chuffed } from '../../workers/cli/chuffed';
import { lowerBounds } from '../../workers/alloc/checkin';
import { problemFromAccap } from '../../workers/alloc/checkinModel';
import { parseAccapInstance } from '../../workers/alloc/schema';
const src = readFileSync('workers/alloc/checkinDepth.ts', 'utf8');
let model = /const MODEL = `([\s\S]*?)`;/.exec(src)![1].replace(/\\\\/g, '\\');

const inst = JSON.parse(readFileSync(`/work/shared/data/accap/${process.argv[2]}.json`, 'utf8'));
const problem = problemFromAccap(parseAccapInstance(inst));
const lower = lowerBounds(problem);
const base = { blocks: problem.blocks.length, airlines: problem.airlines.length, start: problem.blocks.map((b) => b.start), stop: problem.blocks.map((b) => b.stop), width: problem.blocks.map((b) => b.width), airline: problem.blocks.map((b) => b.airline + 1), least_spread: lower.spread };
console.log('lower', lower.maxCounter, lower.spreadSum);
const c = new Chuffed();
for (const q of JSON.parse(process.argv[3])) {
  const t0 = Date.now();
  const a = c.satisfy(model, { ...base, depth: q[0], budget: q[1] }, Number(process.argv[4] ?? 60000));
  console.log(q, a.status, Date.now() - t0, 'ms');
}
c.close();
