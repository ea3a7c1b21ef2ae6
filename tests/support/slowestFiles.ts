// A Vitest reporter for .ci/run: after the run, the count of tests by outcome and the ten
// slowest test files (import, set-up and tests), each with its project, so that growth shows in
// every run.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/** A file's own time: its environment, set-up and import, then its tests and hooks. */
function fileSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000;
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        counts[state === 'pending' ? 'skipped' : state]++;
      }
    console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    console.log('slowest test files:');
    const files = modules.map((m) => ({ seconds: fileSeconds(m), name: `${relative(process.cwd(), m.moduleId)} (${m.project.name})` }));
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
  }
}
