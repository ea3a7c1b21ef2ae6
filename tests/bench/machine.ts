// What a benchmark's figures depend on: the machine, and how busy other work kept it while they
// were measured (the load average), printed at the start and the end of every benchmark.
import { cpus, loadavg } from 'node:os';

export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export const machine = (): string => `Node ${process.version}, ${process.arch}, ${cpus().length} cores, load average ${loadAverage()}`;
