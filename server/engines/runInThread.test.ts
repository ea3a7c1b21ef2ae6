import { describe, expect, it } from 'vitest';
import { Comlink, isEngineRefusal, withAllocationThread } from './runInThread';

describe('an engine thread', () => {
  it("passes the engine's refusal of a document across, typed and naming the field", async () => {
    const refused = await withAllocationThread((api) =>
      api.makeup(
        { resources: [], segregations: 'none' },
        {},
        Comlink.proxy(() => undefined),
      ),
    ).catch((e: unknown) => e);
    expect(isEngineRefusal(refused)).toBe(true);
    expect((refused as Error).message).toMatch(/^segregations: /);
  });

  it('does not take any other error for a refusal', async () => {
    const failed = await withAllocationThread(async () => {
      throw new TypeError('internal');
    }).catch((e: unknown) => e);
    expect(isEngineRefusal(failed)).toBe(false);
  });
});
