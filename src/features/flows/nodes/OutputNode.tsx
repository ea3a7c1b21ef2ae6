// A security output, where check-in passengers leave the graph.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { OUTPUT_HEIGHT, OUTPUT_WIDTH } from '../model/layoutConstants';
import type { OutputNode as OutputNodeType } from '../model/types';

function OutputNode({ id, data }: NodeProps<OutputNodeType>) {
  return (
    <div className="flow-node flow-output" style={{ width: OUTPUT_WIDTH, height: OUTPUT_HEIGHT }} data-testid={id}>
      <Handle type="target" position={Position.Bottom} className="flow-handle" />
      {data.name}
    </div>
  );
}

export default memo(OutputNode);
