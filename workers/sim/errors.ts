// Typed errors of the simulation engine: the UI and the command line map `code` to words and
// show `field` next to the bad input, so no message ever has to be parsed.

export type SimErrorCode = 'invalid_document' | 'cancelled';

export class SimError extends Error {
  override readonly name = 'SimError';
  constructor(
    readonly code: SimErrorCode,
    message: string,
    /** Path of the offending field, e.g. `stations[0].servers`; empty when not about a field. */
    readonly field = '',
  ) {
    super(message);
  }
}

/** Error for a bad field: the message starts with the field path so it reads on its own. */
export function invalidField(field: string, problem: string): SimError {
  return new SimError('invalid_document', field ? `${field}: ${problem}` : problem, field);
}
