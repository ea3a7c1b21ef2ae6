// flow.json: a round trip gives the same graph, loading merges with today's data, and a bad
// file is refused with a message saying where.
import { describe, expect, it } from 'vitest';
import { buildFlowGraph } from './buildFlowGraph';
import { connect, editSplits } from './editing';
import { fixtures } from './flowDocument.fixtures';
import { FlowDocumentError, parseFlowDocument } from '../../../../common/scenario/flowDocument';
import { applyFlowDocument, toFlowDocument } from './graphDocument';
import { sourceData } from './fixtures';
import { editedFlowDocument } from '../../../../common/scenario/flowDocument.fixtures';

const { edited, story } = fixtures();

describe('flow.json', () => {
  it('writes a versioned document with kinds, positions, ids under zone_id/resource_id/airline_id, splits and stories', () => {
    const doc = toFlowDocument(edited, [story]);
    expect(doc.format).toBe('airport-planner/flow');
    expect(doc.version).toBe(1);
    expect(doc.nodes.find((n) => n.id === 'airline-AA')).toMatchObject({ kind: 'airline', airline_id: 1, code: 'AA', position: { x: 15, y: -40 } });
    expect(doc.nodes.find((n) => n.id === 'queue-10-2')).toMatchObject({ kind: 'queue', zone_id: 10, queue: 2, parent: 'area-10' });
    expect(doc.nodes.find((n) => n.id === 'resource-101')).toMatchObject({ kind: 'resource', resource_id: 101, resource_type: 'fullservice' });
    expect(doc.nodes.find((n) => n.id === 'output-201')).toMatchObject({ kind: 'output', resource_id: 201, name: 'Security South' });
    expect(doc.splits).toEqual([
      { id: 'AA|Y|0', proportion: 60 },
      { id: 'AA|Y|1', proportion: 40 },
    ]);
    expect(doc.edges).toContainEqual({ id: 'airline-AA[AA|Y|1]->queue-10-2', source: 'airline-AA', target: 'queue-10-2', source_handle: 'AA|Y|1' });
    expect(doc.pax_stories).toEqual([story]);
  });

  it("writes the document the simulation converter's tests read (common/scenario/flowDocument.fixtures.ts)", () => {
    expect(toFlowDocument(edited, [])).toEqual(editedFlowDocument);
  });

  it('reads back to the same graph and stories', () => {
    const text = JSON.stringify(toFlowDocument(edited, [story]));
    const applied = applyFlowDocument(buildFlowGraph(sourceData), parseFlowDocument(text));
    expect(applied.graph).toEqual(edited);
    expect(applied.stories).toEqual([story]);
    expect(applied.dropped).toEqual({ nodes: 0, edges: 0 });
  });

  it('keeps an invalid split sum and its edges as they were saved', () => {
    let graph = connect(buildFlowGraph(sourceData), { source: 'airline-DL', target: 'queue-11-1', sourceHandle: 'DL|J|0' });
    graph = editSplits(graph, 'airline-DL', 'J', { kind: 'add' });
    graph = editSplits(graph, 'airline-DL', 'J', { kind: 'set', index: 1, value: 35 });
    const applied = applyFlowDocument(buildFlowGraph(sourceData), parseFlowDocument(toFlowDocument(graph, [])));
    expect(applied.graph).toEqual(graph);
  });

  it('drops what no longer exists and adds what is new', () => {
    const doc = toFlowDocument(edited, [story]);
    const today = buildFlowGraph({
      ...sourceData,
      zones: sourceData.zones.filter((z) => z.id !== 10).concat({ id: 12, name: 'Checkin Zone C', kind: 'checkin' }),
      resources: sourceData.resources.filter((r) => r.zone_id !== 10),
    });
    const applied = applyFlowDocument(today, doc);
    const ids = applied.graph.nodes.map((n) => n.id);
    expect(ids).not.toContain('area-10');
    expect(ids).toContain('area-12');
    expect(applied.graph.edges.every((e) => ids.includes(e.source) && ids.includes(e.target))).toBe(true);
    expect(applied.dropped.nodes).toBe(6);
    expect(applied.dropped.edges).toBeGreaterThan(0);
    // The airline kept its place and its splits.
    expect(applied.graph.nodes.find((n) => n.id === 'airline-AA')!.position).toEqual({ x: 15, y: -40 });
  });

  it('finds nodes by what they stand for when ids changed (a cloned scenario)', () => {
    const doc = toFlowDocument(edited, []);
    const renamed = {
      ...doc,
      nodes: doc.nodes.map((n) => ({ ...n, id: `x-${n.id}`, parent: n.parent && `x-${n.parent}` })),
      edges: doc.edges.map((e) => ({ ...e, source: `x-${e.source}`, target: `x-${e.target}` })),
    };
    expect(applyFlowDocument(buildFlowGraph(sourceData), parseFlowDocument(renamed)).graph).toEqual(edited);
  });

  it('refuses what is not a flow.json document, saying where', () => {
    const good = toFlowDocument(edited, [story]);
    const bad = (value: unknown) => () => parseFlowDocument(typeof value === 'string' ? value : JSON.stringify(value));
    expect(bad('{not json')).toThrow('The file is not JSON.');
    expect(bad({ ...good, version: 2 })).toThrow(/version/);
    expect(bad({ ...good, format: 'other' })).toThrow(/format/);
    expect(bad({ ...good, splits: [{ id: 'AA|Y|0', proportion: 42 }] })).toThrow(/splits\.0\.proportion: must be 0 to 100 in steps of 5/);
    expect(bad({ ...good, splits: [{ id: 'AA-Y', proportion: 50 }] })).toThrow(/airlineCode\|segregationName\|index/);
    expect(bad({ ...good, edges: [{ source: 'nowhere', target: 'queue-10-1' }] })).toThrow(/edges\.0\.source: no node "nowhere"/);
    expect(bad({ ...good, nodes: [{ ...good.nodes[0], position: { x: 'a', y: 0 } }] })).toThrow(FlowDocumentError);
    expect(bad([])).toThrow(FlowDocumentError);
  });
});
