// The one registry of node kinds, at module scope so React Flow sees the same object each render.
import type { NodeTypes } from '@xyflow/react';
import AirlineNode from './AirlineNode';
import AreaNode from './AreaNode';
import OutputNode from './OutputNode';
import QueueNode from './QueueNode';
import ResourceNode from './ResourceNode';

export const nodeTypes = {
  airline: AirlineNode,
  area: AreaNode,
  queue: QueueNode,
  resource: ResourceNode,
  output: OutputNode,
} satisfies NodeTypes;
