// Auto Layout's input: only top-level nodes, in their bands, with edges lifted to the groups;
// and its answer applied so children keep their place inside their group.
import { describe, expect, it } from 'vitest';
import { layoutFlow } from '../../../../workers/flow/layout';
import { buildFlowGraph } from './buildFlowGraph';
import { fixtures } from './flowDocument.fixtures';
import { sourceData } from './fixtures';
import { applyLayout, toLayoutInput } from './layoutInput';

describe('toLayoutInput', () => {
  const { edited } = fixtures();
  const input = toLayoutInput(edited);

  it('lays out airlines, groups and outputs in bands, bottom band first', () => {
    expect(input.nodes.map((n) => [n.id, n.band])).toEqual([
      ['airline-AA', 0],
      ['airline-DL', 0],
      ['area-10', 1],
      ['area-11', 1],
      ['output-201', 2],
      ['output-202', 2],
    ]);
    expect(input.nodes.find((n) => n.id === 'area-10')).toMatchObject({ width: 400, height: 600 });
  });

  it('lifts edges inside groups to the group', () => {
    expect(input.edges).toContainEqual({ source: 'airline-AA', target: 'area-10' });
    expect(input.edges).toContainEqual({ source: 'area-10', target: 'output-201' });
    expect(input.edges).toContainEqual({ source: 'area-10', target: 'area-10' });
  });

  it('moves the top-level nodes bottom-to-top and leaves children where they are in their group', async () => {
    const graph = edited;
    const laid = applyLayout(graph, await layoutFlow(toLayoutInput(graph)));
    const at = (id: string) => laid.nodes.find((n) => n.id === id)!.position;
    expect(at('airline-AA').y).toBeGreaterThan(at('area-10').y + 600);
    expect(at('area-10').y).toBeGreaterThan(at('output-201').y);
    expect(at('queue-10-1')).toEqual(buildFlowGraph(sourceData).nodes.find((n) => n.id === 'queue-10-1')!.position);
  });
});
