// The pax-stories canvas's node registry, at module scope so React Flow sees the same object.
import type { NodeTypes } from '@xyflow/react';
import StoryStepNode from './StoryStepNode';

export const storyNodeTypes = { step: StoryStepNode } satisfies NodeTypes;
