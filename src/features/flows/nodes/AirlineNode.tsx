// An airline: outlined in its colour, one split editor per segregation.
import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { AIRLINE_WIDTH } from '../model/layoutConstants';
import type { AirlineNode as AirlineNodeType } from '../model/types';
import { SplitEditor } from './SplitEditor';

function AirlineNode({ id, data }: NodeProps<AirlineNodeType>) {
  return (
    <div className="flow-node flow-airline" style={{ borderColor: data.colour, width: AIRLINE_WIDTH }} data-testid={id}>
      <div className="flow-airline__header" style={{ background: data.colour }}>
        <strong>{data.code}</strong> <span>{data.name}</span>
      </div>
      {data.segregations.map((s) => (
        <SplitEditor key={s.name} nodeId={id} code={data.code} segregation={s} />
      ))}
    </div>
  );
}

export default memo(AirlineNode);
