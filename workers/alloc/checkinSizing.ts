// Check-in sizing (DESIGN.md 4.4, stage 1): from a flight's passengers and turn-up profile, the
// passengers arriving in each slot of its counter opening window and the fewest counters per slot
// that keep every passenger's queue within the maximum queue time, checked against Erlang C.
import { waitExceeds } from '../queueing/erlang';

export interface SizingRules {
  readonly slotMinutes: number;
  readonly serviceSeconds: number;
  readonly maxQueueMinutes: number;
  /** Share of passengers who must wait at most the maximum queue time under Erlang C. */
  readonly serviceLevel: number;
}

interface SizedSlot {
  /** Minute of the day at which the slot starts. */
  readonly start: number;
  readonly arrivals: number;
  readonly counters: number;
  /** Passengers still queueing at the end of the slot (fluid FIFO model). */
  readonly backlog: number;
  /** Erlang C probability of waiting longer than the maximum queue time with these counters. */
  readonly wait_over_max: number;
}

export interface FlightSizing {
  readonly flight: string;
  readonly slots: SizedSlot[];
  /** Passengers whose turn-up falls after the counters close. */
  readonly missed: number;
}

export interface TurnUp {
  /** Minutes before departure at which a profile slot starts. */
  readonly before: number;
  readonly share: number;
}

/**
 * Sizes one flight. Passengers who turn up before opening wait for it; those arriving in slot k
 * must be served by the end of slot k + floor(max queue / slot), and everyone by closing (FIFO,
 * fluid). A slot's counters are the fewest that, kept open from this slot on, meet every coming
 * deadline (so the plan never rushes early only to idle later), but no more than the passengers
 * present can use; at least one while open; and more if Erlang C for the slot's arrival rate
 * still exceeds the maximum queue time too often.
 */
export function sizeFlight(
  flight: string,
  window: { open: number; close: number; std: number; passengers: number },
  profile: readonly TurnUp[],
  rules: SizingRules,
): FlightSizing {
  const slot = rules.slotMinutes;
  const first = Math.floor(window.open / slot);
  const count = Math.max(1, Math.ceil(window.close / slot) - first);
  const arrivals = new Float64Array(count);
  const total = profile.reduce((sum, p) => sum + p.share, 0);
  let missed = 0;
  for (const p of profile) {
    const people = (window.passengers * p.share) / total;
    const k = Math.floor((window.std - p.before) / slot) - first;
    if (k >= count) missed += people;
    else arrivals[Math.max(0, k)] += people;
  }
  const arrived = new Float64Array(count);
  arrivals.reduce((sum, a, k) => (arrived[k] = sum + a), 0);
  const lag = Math.floor(rules.maxQueueMinutes / slot);
  /** Passengers who must have been served by the end of slot k. */
  const due = (k: number) => (k === count - 1 ? arrived[k] : k - lag >= 0 ? arrived[k - lag] : 0);
  const perCounter = (slot * 60) / rules.serviceSeconds;
  const mu = 60 / rules.serviceSeconds;
  const slots: SizedSlot[] = [];
  let served = 0;
  for (let j = 0; j < count; j++) {
    let steady = 0;
    for (let k = j; k < count; k++) {
      steady = Math.max(steady, Math.ceil((due(k) - served) / (perCounter * (k - j + 1)) - 1e-9));
    }
    // No more counters than the passengers already there can use.
    const waiting = Math.ceil((arrived[j] - served) / perCounter - 1e-9);
    let counters = Math.max(1, Math.min(steady, waiting));
    const lambda = arrivals[j] / slot;
    while (waitExceeds(counters, lambda, mu, rules.maxQueueMinutes) > 1 - rules.serviceLevel) counters++;
    served += Math.min(counters * perCounter, arrived[j] - served);
    slots.push({
      start: (first + j) * slot,
      arrivals: arrivals[j],
      counters,
      backlog: arrived[j] - served,
      wait_over_max: waitExceeds(counters, lambda, mu, rules.maxQueueMinutes),
    });
  }
  return { flight, slots, missed };
}

/**
 * The phases a sized window is placed in: [first slot, end slot exclusive, counters]. Windows of
 * `minSlots` slots from the first (the last may be shorter) each take their highest need, so a
 * block keeps its width at least that long instead of changing by one counter every slot (more
 * counters in a slot never delay anyone, so every deadline stays met); then neighbours of the same
 * width merge into one phase.
 */
export function phasesOf(sizing: FlightSizing, minSlots = 1): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let a = 0; a < sizing.slots.length; a += minSlots) {
    const b = Math.min(a + minSlots, sizing.slots.length);
    const width = Math.max(...sizing.slots.slice(a, b).map((s) => s.counters));
    const run = runs.at(-1);
    if (run && run[2] === width) run[1] = b;
    else runs.push([a, b, width]);
  }
  return runs;
}
