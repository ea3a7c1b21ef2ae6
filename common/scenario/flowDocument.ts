// flow.json (docs/flow-format.md): the flow graph and the passenger stories as one versioned
// document, used for Export/Import Flow and as the `graph` of the scenario's passenger movement
// graph. This is the format and its reader, validated with zod: the airport document reads a
// saved graph through it, and the flow editor (src/features/flows/model/graphDocument.ts) writes
// its graph as one and lays one onto its graph.
import { z } from 'zod';
import { isValidProportion, parseSplitId } from '../../workers/flow/splits';

export const FLOW_FORMAT = 'airport-planner/flow';
export const FLOW_VERSION = 1;
export const FLOW_FILE_NAME = 'flow.json';

const position = z.object({ x: z.number().finite(), y: z.number().finite() });
const id = z.number().int();
const queueNumber = z.union([z.literal(1), z.literal(2)]);

const docNode = z.object({
  id: z.string().min(1),
  kind: z.enum(['airline', 'area', 'queue', 'resource', 'output']),
  position,
  /** Child nodes (queues, resources) are placed relative to their area group. */
  parent: z.string().optional(),
  name: z.string().optional(),
  airline_id: id.optional(),
  code: z.string().optional(),
  segregations: z.array(z.string()).optional(),
  zone_id: id.optional(),
  queue: queueNumber.optional(),
  resource_id: id.nullable().optional(),
  resource_type: z.string().optional(),
  service_mean_seconds: z.number().nullable().optional(),
  service_cv: z.number().nullable().optional(),
});

const storyStep = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), position, kind: z.literal('input') }),
  z.object({ id: z.string(), position, kind: z.literal('queue'), zone_id: id, queue: queueNumber }),
  z.object({
    id: z.string(),
    position,
    kind: z.literal('process'),
    resource_type: z.enum(['fullservice', 'kiosk', 'bagdrop', 'security']),
    mean_seconds: z.number().positive(),
    cv: z.number().min(0),
  }),
  z.object({ id: z.string(), position, kind: z.literal('output'), resource_id: id.nullable(), name: z.string() }),
]);

const paxStorySchema = z.object({ airline_id: id, airline: z.string(), segregation: z.string(), steps: z.array(storyStep) });

const flowDocumentSchema = z
  .object({
    format: z.literal(FLOW_FORMAT, { error: `must be "${FLOW_FORMAT}"` }),
    version: z.literal(FLOW_VERSION, { error: `must be ${FLOW_VERSION}` }),
    nodes: z.array(docNode),
    edges: z.array(z.object({ id: z.string().optional(), source: z.string(), target: z.string(), source_handle: z.string().optional() })),
    splits: z.array(
      z.object({
        id: z.string().refine((s) => parseSplitId(s) !== null, 'must be airlineCode|segregationName|index'),
        proportion: z.number().refine(isValidProportion, 'must be 0 to 100 in steps of 5'),
      }),
    ),
    pax_stories: z.array(paxStorySchema).default([]),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set(doc.nodes.map((n) => n.id));
    doc.edges.forEach((e, i) => {
      for (const end of ['source', 'target'] as const) {
        if (!ids.has(e[end])) ctx.addIssue({ code: 'custom', path: ['edges', i, end], message: `no node "${e[end]}"` });
      }
    });
  });

export type FlowDocument = z.output<typeof flowDocumentSchema>;
export type FlowDocumentNode = FlowDocument['nodes'][number];

export class FlowDocumentError extends Error {
  readonly code = 'invalid_flow_document';
  constructor(message: string) {
    super(message);
    this.name = 'FlowDocumentError';
  }
}

/** Reads flow.json text (or an already parsed value); throws FlowDocumentError saying what is wrong. */
export function parseFlowDocument(input: string | unknown): FlowDocument {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new FlowDocumentError('The file is not JSON.');
    }
  }
  const parsed = flowDocumentSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const where = first.path.length ? first.path.join('.') : 'the document';
  throw new FlowDocumentError(`Not a flow.json document (version ${FLOW_VERSION}): ${where}: ${first.message}.`);
}
