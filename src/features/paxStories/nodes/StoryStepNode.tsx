// One step of a passenger story on the canvas: what it is, and for a process its processing
// time (mean seconds, CV) edited in place; every step can be taken out of the story.
import { memo } from 'react';
import { useSetAtom } from 'jotai';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { StoryStep } from '../../flows/model/types';
import { removeStepAtom, setProcessTimeAtom } from '../atoms';
import { PROCESS_LABEL } from '../model/stories';

export type StoryStepNodeType = Node<{ step: StoryStep; label: string }, 'step'>;

const KIND_LABEL: Record<StoryStep['kind'], string> = { input: 'Input', queue: 'Queue', process: 'Process', output: 'Output' };

function StoryStepNode({ data: { step, label } }: NodeProps<StoryStepNodeType>) {
  const remove = useSetAtom(removeStepAtom);
  const setTime = useSetAtom(setProcessTimeAtom);
  return (
    <div className={`flow-node story-step story-step--${step.kind}`} role="group" aria-label={`Step: ${label}`}>
      {step.kind !== 'input' && <Handle type="target" position={Position.Bottom} className="flow-handle" isConnectable={false} />}
      <div className="story-step__header">
        <span className="story-step__kind">{KIND_LABEL[step.kind]}</span>
        <button type="button" className="story-step__remove nodrag" aria-label={`Remove step ${label}`} onClick={() => remove(step.id)}>
          ×
        </button>
      </div>
      <div className="story-step__label">{step.kind === 'process' ? PROCESS_LABEL[step.resource_type] : label}</div>
      {step.kind === 'process' && (
        <div className="story-step__times">
          <label>
            Mean (s)
            <input
              className="nodrag"
              type="number"
              min={1}
              step={1}
              defaultValue={step.mean_seconds}
              aria-label={`${label} mean seconds`}
              onChange={(e) => setTime({ stepId: step.id, time: { mean_seconds: Number(e.target.value) } })}
            />
          </label>
          <label>
            CV
            <input
              className="nodrag"
              type="number"
              min={0}
              step={0.05}
              defaultValue={step.cv}
              aria-label={`${label} CV`}
              onChange={(e) => setTime({ stepId: step.id, time: { cv: Number(e.target.value) } })}
            />
          </label>
        </div>
      )}
      {step.kind !== 'output' && <Handle type="source" position={Position.Top} className="flow-handle" isConnectable={false} />}
    </div>
  );
}

export default memo(StoryStepNode);
