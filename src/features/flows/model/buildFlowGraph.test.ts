// Graph building from API data (SPEC section 2): which airlines, in which order, with which
// segregations and colours; the zones' groups, queues and resources; the outputs; the constants.
import { describe, expect, it } from 'vitest';
import { airlineColour, buildFlowGraph, FALLBACK_AIRLINE_COLOUR } from './buildFlowGraph';
import { sourceData } from './fixtures';
import type { AirlineNode, FlowNode } from './types';

const graph = buildFlowGraph(sourceData);
const ofType = <T extends FlowNode['type']>(type: T) => graph.nodes.filter((n) => n.type === type) as Extract<FlowNode, { type: T }>[];

describe('buildFlowGraph', () => {
  it('shows only airlines with a segregation, one per code, sorted by code', () => {
    const airlines = ofType('airline') as AirlineNode[];
    expect(airlines.map((a) => a.data.code)).toEqual(['AA', 'DL']);
    expect(airlines[0].data.airlineId).toBe(1);
  });

  it("lists each airline's segregation names once, sorted, with no splits yet", () => {
    const [aa, dl] = ofType('airline') as AirlineNode[];
    expect(aa.data.segregations).toEqual([
      { name: 'J', splits: [] },
      { name: 'Y', splits: [] },
    ]);
    expect(dl.data.segregations.map((s) => s.name)).toEqual(['J', 'Y']);
  });

  it('outlines an airline in its primary colour at 80% alpha, light blue without one', () => {
    const [aa, dl] = ofType('airline') as AirlineNode[];
    expect(dl.data.colour).toBe('rgba(0, 51, 102, 0.8)');
    expect(aa.data.colour).toBe(FALLBACK_AIRLINE_COLOUR);
    expect(FALLBACK_AIRLINE_COLOUR).toBe('rgba(173, 216, 230, 0.8)');
    expect(airlineColour('#f00')).toBe('rgba(255, 0, 0, 0.8)');
    expect(airlineColour('red')).toBe(FALLBACK_AIRLINE_COLOUR);
  });

  it('places airlines 530 apart and area groups (400 by 600) 650 apart vertically', () => {
    expect(ofType('airline').map((n) => n.position.y)).toEqual([0, 530]);
    const areas = ofType('area');
    expect(areas.map((n) => n.data.name)).toEqual(['Checkin Zone A', 'Checkin Zone B']);
    expect(areas.map((n) => n.position.y)).toEqual([0, 650]);
    expect(areas.every((n) => n.width === 400 && n.height === 600)).toBe(true);
  });

  it("puts Queue 1 and Queue 2 and the check-in resources inside each zone's group", () => {
    const queues = ofType('queue');
    expect(queues.map((q) => [q.parentId, q.data.label])).toEqual([
      ['area-10', 'Queue 1'],
      ['area-10', 'Queue 2'],
      ['area-11', 'Queue 1'],
      ['area-11', 'Queue 2'],
    ]);
    const resources = ofType('resource');
    expect(resources.map((r) => [r.parentId, r.data.name])).toEqual([
      ['area-10', 'A01'],
      ['area-10', 'A02'],
      ['area-10', 'A03'],
      ['area-11', 'B01'],
    ]);
    // Every child fits inside its 400 by 600 group.
    for (const child of [...queues, ...resources]) {
      expect(child.position.x).toBeGreaterThanOrEqual(0);
      expect(child.position.y + 48).toBeLessThanOrEqual(600);
    }
    // Parents come before their children, as React Flow needs.
    const order = graph.nodes.map((n) => n.id);
    for (const child of [...queues, ...resources]) expect(order.indexOf(child.parentId!)).toBeLessThan(order.indexOf(child.id));
  });

  it('makes one output per security lane, and Security South and North when there are none', () => {
    expect(ofType('output').map((o) => o.data)).toEqual([
      { resourceId: 201, name: 'Security South' },
      { resourceId: 202, name: 'Security North' },
    ]);
    const bare = buildFlowGraph({ ...sourceData, resources: sourceData.resources.filter((r) => r.resource_type !== 'security') });
    expect(bare.nodes.filter((n) => n.type === 'output').map((o) => [o.id, o.data])).toEqual([
      ['output-security-south', { resourceId: null, name: 'Security South' }],
      ['output-security-north', { resourceId: null, name: 'Security North' }],
    ]);
  });

  it('starts without edges', () => {
    expect(graph.edges).toEqual([]);
  });
});
