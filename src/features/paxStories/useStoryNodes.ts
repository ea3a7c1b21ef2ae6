// The chosen story's steps as React Flow nodes and edges: positions follow drags at once (the
// story itself is updated when a drag ends), and a step keeps its measured size when an edit of
// its story rebuilds the nodes.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NodeChange } from '@xyflow/react';
import type { PaxStory, StoryStep } from '../flows/model/types';
import { PROCESS_LABEL, storyEdges, storyKey, type Palette } from './model/stories';
import type { StoryStepNodeType } from './nodes/StoryStepNode';

export function useStoryNodes(story: PaxStory | null, palette: Palette) {
  const [nodes, setNodes] = useState<StoryStepNodeType[]>([]);
  useEffect(() => {
    setNodes((current) => {
      const measured = new Map(current.map((n) => [n.id, n.measured]));
      // Ids carry the story, so switching stories never reuses another story's step component.
      return (story?.steps ?? []).map((step) => {
        const id = `${storyKey(story!)}/${step.id}`;
        return {
          id,
          type: 'step',
          position: step.position,
          measured: measured.get(id),
          deletable: false,
          data: { step, label: stepLabel(step, palette, story!) },
        };
      });
    });
  }, [story, palette]);
  const edges = useMemo(
    () =>
      story
        ? storyEdges(story).map((e) => ({
            id: `${storyKey(story)}/${e.id}`,
            source: `${storyKey(story)}/${e.source}`,
            target: `${storyKey(story)}/${e.target}`,
          }))
        : [],
    [story],
  );
  const onNodesChange = useCallback(
    (changes: NodeChange<StoryStepNodeType>[]) =>
      setNodes((current) =>
        current.map((node) => {
          let next = node;
          for (const c of changes) {
            if (c.type === 'position' && c.id === node.id && c.position) next = { ...next, position: c.position };
            if (c.type === 'dimensions' && c.id === node.id && c.dimensions) next = { ...next, measured: c.dimensions };
          }
          return next;
        }),
      ),
    [],
  );
  return { nodes, edges, onNodesChange };
}

function stepLabel(step: StoryStep, palette: Palette, story: { airline: string; segregation: string }): string {
  switch (step.kind) {
    case 'input':
      return `${story.airline} ${story.segregation}`;
    case 'queue':
      return palette.queues.find((q) => q.key === `queue:${step.zone_id}/${step.queue}`)?.label ?? `Queue ${step.queue}`;
    case 'process':
      return PROCESS_LABEL[step.resource_type];
    case 'output':
      return step.name;
  }
}
