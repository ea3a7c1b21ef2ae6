// The shapes of sizing to target (issue 12): what a planner asks (a target per station), what the
// engine evaluates (a plan of servers per period, over a batch of replications) and what it
// answers. Plain, structured-clone-safe data, so a batch can run on another thread or machine.
import type { NetworkDocument } from '../network';
import type { ReplicationSettings, StationOutcome } from './stationSearch';

export interface SizeTarget {
  wait_minutes: number;
  /** Share of a period's arrivals that must start service within wait_minutes; in (0, 1). */
  share: number;
}

export interface SizeSpec {
  max_servers: number;
  period_minutes: number;
  target: SizeTarget;
}

/** Servers per period of each station being sized (station id -> counts, period 0 starts at minute 0). */
export type SizingPlan = Record<string, number[]>;

/** Pooled counts of one batch of replications: per sized station, per period. Additive over batches. */
export type SizingTally = Record<string, { arrivals: number[]; within: number[] }>;

/** A batch of replications of one plan over the whole network (tests check the fast path against it). */
export interface SizingBatch {
  plan: SizingPlan;
  /** Replication indices (seeds via replicationSeed). */
  replications: number[];
}

/**
 * A part of one depth's sizing: these stations of one depth, sized from the plan (every station
 * before them settled in it), with the replications a judgement may use. Plain data: a part runs
 * on whichever thread or machine takes it.
 */
export interface LayerPart {
  plan: SizingPlan;
  stations: string[];
  replications: ReplicationSettings;
}

/** Runs a part (possibly on other threads/machines) and answers each of its stations' outcome. */
export type SizeLayerPart = (part: LayerPart) => Promise<Record<string, StationOutcome>>;

export interface StationSizing {
  servers: number[];
  period_minutes: number;
  share_within_target: number[];
  share_ci95: [number, number][];
  server_minutes: number;
  locally_minimal: boolean;
  notes: string[];
}

export type AirportSizingKind = 'checkin' | 'bagdrop' | 'kiosk' | 'security';

/** A sized airport station in planners' terms, beside what the document opens today. */
export interface AirportStationSizing extends StationSizing {
  /** Queue or zone name with its airline (or "all airlines"), or the checkpoint's name. */
  label: string;
  kind: AirportSizingKind;
  /** Positions the terminal has for this group (its counters, the checkpoint's lanes). */
  capacity: number;
  /** Positions the document's allocations or lanes open per period: the most open at once in it. */
  current_servers: number[];
  current_server_minutes: number;
  /** The most servers the sized plan opens in any period. */
  peak: number;
}

export interface SizingOutput<S extends StationSizing = StationSizing> {
  stations: Record<string, S>;
  replications: number;
  wall_ms: number;
  /** Airport documents: design-day minute of network time 0 (period 0 starts there). */
  origin_minute?: number;
}

export type AirportSizingOutput = SizingOutput<AirportStationSizing> & { origin_minute: number };

export interface SizedStation {
  id: string;
  spec: SizeSpec;
  /** Longest chain of stations before this one: stations of one depth never feed each other. */
  depth: number;
}

/** Planners' facts about an airport station, copied into its AirportStationSizing. */
export interface AirportStationFacts {
  label: string;
  kind: AirportSizingKind;
  capacity: number;
  /** What the document opens today: per pool, its servers and its schedule (null: always open). */
  current: { servers: number; schedule: { from_minutes: number; to_minutes: number; servers: number }[] | null }[];
}

/**
 * A validated sizing problem: plain data, so the server and the browser post it to their workers
 * and each worker runs sizeLayerPartSync(problem, part) on its copy.
 */
export interface SizingProblem {
  seed: number;
  /**
   * The network that runs. Sized stations are given by pools at their full size; the plan opens
   * their servers period by period in pool order (a checkpoint's first lanes first).
   */
  network: NetworkDocument;
  sized: SizedStation[];
  airport: { origin_minute: number; facts: Record<string, AirportStationFacts> } | null;
}
