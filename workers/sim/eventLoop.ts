// The whole network in one event list: what runs networks with cycles or finite queues, and the
// yardstick the feed-forward path (feedForward.ts) is checked against.
import { ReplicationCore, SCHEDULE, SOURCE, TRANSFER, type ReplicationOptions } from './engine';
import { ArrivalKind, type Model } from './model';
import { IntRing } from './ring';

/** The whole network in one event list: any routes, finite queues, anything the model allows. */
export class Replication extends ReplicationCore {
  private readonly ring = new IntRing(256);
  private activeSources = 0;

  constructor(model: Model, seed: number, options: ReplicationOptions = {}) {
    super(model, seed, options);
    model.sources.forEach((_, i) => {
      const t = this.nextArrival(i, 0);
      if (t >= 0) {
        this.activeSources++;
        this.events.push(t, i * 8 + SOURCE);
      }
    });
    this.pools.forEach((p, k) => {
      if (!p.model.scheduled) return;
      if (p.model.breakTimes.length === 0) this.closePool(p);
      else this.events.push(p.model.breakTimes[0], k * 8 + SCHEDULE);
    });
  }

  advance(maxEvents: number): boolean {
    if (this.done) return true;
    const events = this.events;
    const ring = this.ring;
    for (let n = 0; n < maxEvents; n++) {
      if (this.alive === 0 && this.activeSources === 0) {
        this.finish();
        return true;
      }
      let payload: number;
      const t = events.nextTime();
      // Zero-delay events wait for heap events at the same time: those were scheduled earlier.
      if (ring.size > 0 && t > this.now) payload = ring.shift();
      else if (t === Infinity) {
        this.finish();
        return true;
      } else {
        this.now = t;
        payload = events.popLive();
      }
      const index = payload >> 3;
      const kind = payload & 7;
      if (kind === SOURCE) this.onSource(index);
      else if (kind === TRANSFER) {
        this.eventCount++;
        this.arrive(this.at[index], index);
      } else this.onStationEvent(payload);
    }
    return false;
  }

  /** Share of the arrivals generated so far, 0 to 1 (time-based for piecewise sources). */
  progress(): number {
    const sources = this.model.sources;
    if (this.done || sources.length === 0) return 1;
    let sum = 0;
    sources.forEach((s, i) => {
      if (s.kind === ArrivalKind.Piecewise) sum += Math.min(1, this.now / (s.interval * s.rates.length));
      else sum += s.count === 0 ? 1 : this.sourceDone[i] / s.count;
    });
    return sum / sources.length;
  }

  protected forward(e: number, next: number): void {
    this.at[e] = next;
    this.ring.push(e * 8 + TRANSFER);
  }

  private onSource(i: number): void {
    const e = this.createEntity(i);
    const next = this.nextArrival(i, this.now);
    if (next >= 0) this.events.push(next, i * 8 + SOURCE);
    else this.activeSources--;
    this.arrive(this.firstStation(i), e);
  }
}
