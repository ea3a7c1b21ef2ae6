// From a document to a sizing problem: a network document whose stations carry `size`, or an
// airport document whose every check-in group and checkpoint is sized (airportSizing.ts). Both
// are validated as the engine validates documents, with the same field-named errors.
import { invalidField } from '../errors';
import { parseNetwork, type NetworkDocument } from '../network';
import { ensure } from '../validation';
import { airportProblem } from './airportSizing';
import { stationDepths } from './depths';
import type { SizedStation, SizingProblem } from './types';

function networkProblem(input: unknown): SizingProblem {
  const doc = parseNetwork(input, { sizing: true });
  const toSize = doc.stations.filter((s) => s.size !== undefined);
  ensure(toSize.length > 0, 'stations', 'no station to size: give one "size" instead of "servers"');
  // A sized station is one pool at its full size; the plan opens it period by period.
  const network: NetworkDocument = {
    ...doc,
    stations: doc.stations.map(({ size, service, ...rest }) =>
      size ? { ...rest, pools: [{ id: rest.id, servers: size.max_servers, service: service! }] } : { ...rest, service },
    ),
  };
  const depths = stationDepths(network);
  const sized: SizedStation[] = toSize.map((s) => ({ id: s.id, spec: s.size!, depth: depths.get(s.id)! }));
  return { seed: doc.seed, network, sized, airport: null };
}

/** Validates a document for sizing (a seed override applied first) and sets the problem up. */
export function prepareSizing(input: unknown, options: { seed?: number } = {}): SizingProblem {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidField('', 'the document must be a JSON object');
  }
  const merged = options.seed === undefined ? input : { ...input, seed: options.seed };
  const kind = (merged as { kind?: unknown }).kind;
  if (kind === 'network') return networkProblem(merged);
  if (kind === 'airport') return airportProblem(merged);
  throw invalidField('kind', 'must be "network" or "airport"');
}
