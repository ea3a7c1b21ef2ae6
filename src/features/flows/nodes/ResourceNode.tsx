// A check-in resource (full-service counter, kiosk or bag drop) of a zone.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { RESOURCE_HEIGHT, RESOURCE_WIDTH } from '../model/layoutConstants';
import type { CheckinResourceType, ResourceNode as ResourceNodeType } from '../model/types';

const RESOURCE_TYPE_LABEL: Record<CheckinResourceType, string> = { fullservice: 'Full service', kiosk: 'Kiosk', bagdrop: 'Bag drop' };

function ResourceNode({ id, data }: NodeProps<ResourceNodeType>) {
  return (
    <div
      className={`flow-node flow-resource flow-resource--${data.resourceType}`}
      style={{ width: RESOURCE_WIDTH, height: RESOURCE_HEIGHT }}
      title={`${data.name}: ${RESOURCE_TYPE_LABEL[data.resourceType]}`}
      data-testid={id}
    >
      <Handle type="target" position={Position.Bottom} className="flow-handle" />
      <span className="flow-resource__name">{data.name}</span>
      <span className="flow-resource__type">{RESOURCE_TYPE_LABEL[data.resourceType]}</span>
      <Handle type="source" position={Position.Top} className="flow-handle" />
    </div>
  );
}

export default memo(ResourceNode);
