// An area group: one check-in zone, the frame around its queues and resources.
import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { AREA_HEIGHT, AREA_WIDTH } from '../model/layoutConstants';
import type { AreaNode as AreaNodeType } from '../model/types';

function AreaNode({ id, data }: NodeProps<AreaNodeType>) {
  return (
    <div className="flow-area" style={{ width: AREA_WIDTH, height: AREA_HEIGHT }} data-testid={id}>
      <div className="flow-area__title">{data.name}</div>
    </div>
  );
}

export default memo(AreaNode);
