// The default flow's one rule for zones, shared by the airport document (documentFlow.ts), which
// runs it, and the flow editor (src/features/flows/model/defaultFlow.ts), which draws it: each
// airline's passengers queue in the check-in zone most of its departures use.

export type ZoneChoice = { zone: number; zones: number };

/**
 * The check-in zone of each airline: the one most of its departures use (the lowest id on a tie),
 * with how many zones it uses; departures without a check-in zone count for the first zone. An
 * entry may stand for `count` departures of one airline and zone (the server's counts).
 */
export function airlineZones<K>(
  departures: Iterable<{ airline: K; zone: number | null; count?: number }>,
  checkinZones: readonly number[],
): Map<K, ZoneChoice> {
  const known = new Set(checkinZones);
  const fallback = [...checkinZones].sort((a, b) => a - b)[0];
  const votes = new Map<K, Map<number, number>>();
  for (const d of departures) {
    const zone = d.zone !== null && known.has(d.zone) ? d.zone : fallback;
    if (zone === undefined) continue;
    const count = votes.get(d.airline) ?? new Map<number, number>();
    count.set(zone, (count.get(zone) ?? 0) + (d.count ?? 1));
    votes.set(d.airline, count);
  }
  return new Map(
    [...votes].map(([airline, count]) => {
      const best = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      return [airline, { zone: best[0][0], zones: best.length }];
    }),
  );
}
