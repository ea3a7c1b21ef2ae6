// Queue 1 or Queue 2 of an area group: splits come in from below, resources are served above.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { QUEUE_HEIGHT, QUEUE_WIDTH } from '../model/layoutConstants';
import type { QueueNode as QueueNodeType } from '../model/types';

function QueueNode({ id, data }: NodeProps<QueueNodeType>) {
  return (
    <div className="flow-node flow-queue" style={{ width: QUEUE_WIDTH, height: QUEUE_HEIGHT }} data-testid={id}>
      <Handle type="target" position={Position.Bottom} className="flow-handle" />
      {data.label}
      <Handle type="source" position={Position.Top} className="flow-handle" />
    </div>
  );
}

export default memo(QueueNode);
