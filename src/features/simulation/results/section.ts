// What every section of a run's results shares.
import type { ShownRun } from '../atoms';
import type { TimeRange } from '../model/chartData';

type RunOutput = ShownRun['results']['output'];

export interface ResultsSection {
  output: RunOutput;
  /** Start of every exported file's name (the run's title). */
  prefix: string;
  range: TimeRange;
  /** The time axis shown, or undefined for the whole run. */
  domain: [number, number] | undefined;
  /** A queue's colour, the same in every chart. */
  colour: (id: string) => string;
  /** The caption's words on the replication band ('' for one replication). */
  band: string;
}
