// The flow diagram of the example airport: airlines, then queues in the order passengers meet
// them (kiosks before the bag drop they lead to), then security; an arrow per route.
import { describe, expect, it } from 'vitest';
import example from '../../../../../workers/sim/examples/airport.json';
import { layoutFlow } from './flowLayout';

describe('the flow diagram', () => {
  const diagram = layoutFlow(example.flow);
  const x = (id: string) => diagram.nodes.find((n) => n.id === id)!.x;

  it('puts airlines first, then queues by the order passengers meet them, then security', () => {
    expect(diagram.nodes.filter((n) => n.kind === 'airline').map((n) => n.label)).toEqual(['BA', 'U2', 'EK']);
    expect(x('airline:BA')).toBe(0);
    expect(x('desks')).toBe(x('kiosks'));
    expect(x('bagdrop')).toBeGreaterThan(x('kiosks'));
    expect(x('south')).toBeGreaterThan(x('bagdrop'));
    expect(x('north')).toBe(x('south'));
  });

  it('draws one arrow per route, each airline once to each queue it sends to', () => {
    const arrows = diagram.edges.map((e) => `${e.from}>${e.to}`);
    expect(arrows).toContain('airline:BA>desks');
    expect(arrows).toContain('kiosks>bagdrop');
    expect(arrows).toContain('airline:EK>north');
    expect(arrows.filter((a) => a === 'airline:EK>desks')).toHaveLength(1);
    expect(new Set(arrows).size).toBe(arrows.length);
  });

  it('keeps the nodes of a column apart and inside the picture', () => {
    for (const a of diagram.nodes) {
      expect(a.y).toBeGreaterThanOrEqual(0);
      expect(a.y + a.height).toBeLessThanOrEqual(diagram.height + 1e-9);
      for (const b of diagram.nodes) if (a !== b && a.x === b.x) expect(a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    }
  });
});
