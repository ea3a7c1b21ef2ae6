// The shapes of sizing to target (issue 12): what a planner asks (a target per station), what the
// engine evaluates (a plan of servers per period, over a batch of replications) and what it
// answers. Plain, structured-clone-safe data, so a batch can run on another thread or machine.
import type { NetworkDocument } from '../network';

interface SizeTarget {
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

/** How many replications the search's judgements use. */
export interface ReplicationSettings {
  /** Replications a judgement starts with. */
  first: number;
  /** Replications added while an estimate straddles the target. */
  step: number;
  /** The most a judgement may use; a straddling estimate is then decided by its point. */
  max: number;
}

/**
 * One station's sized plan: searched on replications 0, 1, 2... (stationSearch.ts), then verified
 * and corrected on fresh ones (verify.ts). Plain data: it comes back from another thread or machine.
 */
export interface StationOutcome {
  servers: number[];
  /** Periods that miss even with every position open: kept at the most. */
  pinned: boolean[];
  /** Per period, the verified estimate and its verdict ('undecided': too close to call at the limit). */
  estimates: ShareEstimate[];
  verdicts: Verdict[];
  /** The search's estimates of the same plan, on the replications it chose the plan with. */
  search_estimates: ShareEstimate[];
  /** The most replications a search judgement used. */
  replications: number;
  verification_replications: number;
  /** Removing one position from any one period misses in verification. */
  locally_minimal: boolean;
  /** Periods from which removing one position was too close to call in verification. */
  close_removals: number[];
  /** A period from which one position fewer held in verification (kept: the smaller plan is not verified afresh). */
  spare_in: number | null;
  /** Time the search and the verification took (the part's clock). */
  search_ms: number;
  verify_ms: number;
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
  verification: VerificationSettings;
}

/** Runs a part (possibly on other threads/machines) and answers each of its stations' outcome. */
export type SizeLayerPart = (part: LayerPart) => Promise<Record<string, StationOutcome>>;

/**
 * A period of a verified plan: its 95 % interval above the target share ('met'), below it
 * ('missed': even every position misses, or verification ran out of rounds), or straddling it at
 * the replication limit ('too_close': never to be shown as met).
 */
export type PeriodStatus = 'met' | 'too_close' | 'missed';

export interface StationSizing {
  servers: number[];
  period_minutes: number;
  /** Per period, the share within target verified on fresh replications, and its 95 % interval. */
  share_within_target: number[];
  share_ci95: [number, number][];
  period_status: PeriodStatus[];
  /** The search's estimate of the same plan, on the replications it chose the plan with. */
  search_share_within_target: number[];
  verification_replications: number;
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
  /** The most replications a search judgement used, and a verification. */
  replications: number;
  verification_replications: number;
  wall_ms: number;
  /** The stations' search and verification times, summed over the threads that ran them. */
  search_ms: number;
  verify_ms: number;
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

/** A period's share within target over replications, with its 95 % interval. */
export interface ShareEstimate {
  share: number;
  ci95: [number, number];
  /** Mean arrivals per replication. */
  arrivals: number;
}

/** 'undecided': the 95 % interval straddles the target share. */
export type Verdict = 'pass' | 'fail' | 'undecided';

export interface VerificationSettings {
  /** Replications a removal's trial starts with: most removals miss clearly on a few. */
  first: number;
  /**
   * Replications before anything is taken to meet the target. A period's share varies wildly
   * between replications (one that meets a burst leaves most of a period waiting), and the
   * replications that do are few: on a handful, all may be calm and the interval narrow and wrong.
   */
  least: number;
  /** The most it may use: a period still straddling then is too close to call. */
  max: number;
}
