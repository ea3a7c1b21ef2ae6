// Whether the next simulation runs the flow on screen, said where it is edited: the simulation
// runs a saved flow only when every airline's segregations lead, split by split, to queues with
// resources (else it runs the default flow and says why); this line says the same, naming what
// is missing, before the planner leaves the screen.
import { memo, useMemo } from 'react';
import { graphToSimulationFlow } from '../../../common/scenario/graphToSimulationFlow';
import { toFlowDocument } from './model/graphDocument';
import type { FlowGraph, PaxStory } from './model/types';

type FlowReadinessProps = { graph: FlowGraph; stories: readonly PaxStory[]; saved: boolean };

/** What keeps the flow from running, in words (none: it runs). */
export function flowProblems(graph: FlowGraph, stories: readonly PaxStory[]): string[] {
  return graphToSimulationFlow(toFlowDocument(graph, [...stories])).problems;
}

const SHOWN = 4;

export const FlowReadiness = memo(function FlowReadiness({ graph, stories, saved }: FlowReadinessProps) {
  const problems = useMemo(() => flowProblems(graph, stories), [graph, stories]);
  if (problems.length === 0) {
    return (
      <p className="notice notice--success flow-readiness" aria-label="What the simulation runs">
        {saved ? 'The simulation runs this flow.' : 'The simulation will run this flow once it is saved.'}
      </p>
    );
  }
  const more = problems.length - SHOWN;
  return (
    <section className="notice notice--warning flow-readiness" aria-label="What the simulation runs">
      <p>
        The simulation does not run this flow: it runs the default flow (each airline to Queue 1 of its zone, then security) until
        {problems.length === 1 ? ' this is fixed' : ` these ${problems.length} are fixed`}:
      </p>
      <ul>
        {problems.slice(0, SHOWN).map((p) => (
          <li key={p}>{p}</li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
    </section>
  );
});
