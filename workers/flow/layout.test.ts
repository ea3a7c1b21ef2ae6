// The layout's direction (bottom-to-top: every source below its target), its bands for nodes
// without edges, and its spacing (SPEC section 9: ranksep 50, nodesep 50).
import { describe, expect, it } from 'vitest';
import { layoutFlow, type LayoutInput } from './layout';

const input: LayoutInput = {
  nodes: [
    { id: 'airline-AA', width: 260, height: 200, band: 0 },
    { id: 'airline-DL', width: 260, height: 200, band: 0 },
    { id: 'area-1', width: 400, height: 600, band: 1 },
    { id: 'area-2', width: 400, height: 600, band: 1 },
    { id: 'output-south', width: 180, height: 50, band: 2 },
    { id: 'output-north', width: 180, height: 50, band: 2 },
  ],
  edges: [
    { source: 'airline-AA', target: 'area-1' },
    { source: 'airline-DL', target: 'area-2' },
    { source: 'area-1', target: 'output-south' },
    { source: 'area-2', target: 'output-north' },
  ],
};

const bottom = (r: { y: number }, height: number) => r.y + height;

describe('layoutFlow', () => {
  it('lays the graph out bottom-to-top: each source lies below its target', async () => {
    const { positions } = await layoutFlow(input);
    const size = new Map(input.nodes.map((n) => [n.id, n]));
    for (const e of input.edges) {
      expect(positions[e.source].y).toBeGreaterThan(bottom(positions[e.target], size.get(e.target)!.height));
    }
  });

  it('keeps the bands without edges: airlines lowest, outputs highest', async () => {
    const { positions } = await layoutFlow({ nodes: input.nodes, edges: [] });
    const airlineTop = Math.min(positions['airline-AA'].y, positions['airline-DL'].y);
    expect(airlineTop).toBeGreaterThan(positions['area-1'].y + 600 - 1);
    expect(positions['area-1'].y).toBeGreaterThan(positions['output-south'].y + 50 - 1);
  });

  it('separates layers by ranksep 50 and nodes in a layer by nodesep 50', async () => {
    const { positions } = await layoutFlow(input);
    // Gap between the outputs' layer and the groups' layer (bottom of outputs to top of groups).
    const gap = positions['area-1'].y - (positions['output-south'].y + 50);
    expect(gap).toBeGreaterThanOrEqual(50);
    const [left, right] = [positions['area-1'], positions['area-2']].sort((a, b) => a.x - b.x);
    expect(right.x - (left.x + 400)).toBeGreaterThanOrEqual(50);
  });

  it('reports the invalid segregations and ignores edges to unknown nodes or duplicates', async () => {
    const result = await layoutFlow({
      nodes: input.nodes,
      edges: [...input.edges, input.edges[0], { source: 'airline-AA', target: 'nowhere' }],
      segregations: [
        { airlineCode: 'AA', segregationName: 'Y', splits: [50, 40] },
        { airlineCode: 'DL', segregationName: 'Y', splits: [] },
      ],
    });
    expect(result.invalid).toEqual(['AA|Y']);
    expect(Object.keys(result.positions).sort()).toEqual(input.nodes.map((n) => n.id).sort());
  });
});
