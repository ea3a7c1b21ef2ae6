// The flow graph as the editor holds it: React Flow nodes of five kinds (the node's `type`)
// with plain data, and plain edges. Everything in model/ works on these; only nodes/ renders them.
import type { Edge, Node } from '@xyflow/react';
import type { CheckinResourceType, QueueNumber } from '../../../../common/scenario/paxStory';

// The story types live with the flow.json format they are stored in; the editor's code takes them from here.
export type { CheckinResourceType, PaxStory, QueueNumber, StoryStep } from '../../../../common/scenario/paxStory';

export type SegregationData = { name: string; splits: number[] };

type AirlineData = {
  airlineId: number;
  code: string;
  name: string;
  /** The outline: the primary colour at 80% alpha, or light blue. */
  colour: string;
  segregations: SegregationData[];
};
type AreaData = { zoneId: number; name: string };
type QueueData = { zoneId: number; queue: QueueNumber; label: string };
type ResourceData = {
  resourceId: number;
  zoneId: number;
  name: string;
  resourceType: CheckinResourceType;
  serviceMeanSeconds: number | null;
  serviceCv: number | null;
};
/** A security output; `resourceId` is null for a fallback output the scenario has no lane for. */
type OutputData = { resourceId: number | null; name: string };

export type AirlineNode = Node<AirlineData, 'airline'>;
export type AreaNode = Node<AreaData, 'area'>;
export type QueueNode = Node<QueueData, 'queue'>;
export type ResourceNode = Node<ResourceData, 'resource'>;
export type OutputNode = Node<OutputData, 'output'>;
export type FlowNode = AirlineNode | AreaNode | QueueNode | ResourceNode | OutputNode;
export type FlowNodeKind = NonNullable<FlowNode['type']>;
export type FlowEdge = Edge;

export type FlowGraph = { nodes: FlowNode[]; edges: FlowEdge[] };
