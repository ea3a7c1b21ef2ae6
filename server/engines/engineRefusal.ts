// The name an engine's refusal of its input carries across a worker thread (see
// allocationThread.ts), and the test for it on the calling side.
export const ENGINE_REFUSAL = 'EngineRefusal';

export const isEngineRefusal = (error: unknown): error is Error => error instanceof Error && error.name === ENGINE_REFUSAL;
