// Who else has the selected scenario open (issue 35), in the top bar: an initials badge each, their
// name and since when on hover. Asked again as people come and go (their streams' arrivals and
// departures are live changes of `scenario_presence`), and every half minute for a browser that
// went without saying.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { currentUserAtom } from '../auth/atoms';
import { displayName, initialsOf } from '../auth/user';
import { useLoader } from '../components/useLoader';
import { useLiveReload } from '../live/liveChanges';
import { clock } from '../live/lastChange';
import { selectedScenarioAtom } from '../features/projects/scenarioSelection';
import type { components } from '../../openapi/schema';

type Visitor = components['schemas']['ScenarioVisitor'];

const PRESENCE_SETS = ['scenario_presence'];
const ASK_AGAIN_MS = 30_000;

export function ScenarioVisitors() {
  const scenarioId = useAtomValue(selectedScenarioAtom)?.scenarioId ?? null;
  return scenarioId === null ? null : <Visitors key={scenarioId} scenarioId={scenarioId} />;
}

function Visitors({ scenarioId }: { scenarioId: number }) {
  const me = useAtomValue(currentUserAtom)?.id;
  const present = useLoader(() => unwrap(api.GET('/api/scenarios/{id}/presence/', { params: { path: { id: scenarioId } } })), [scenarioId]);
  const { reload } = present;
  useLiveReload(PRESENCE_SETS, reload, false);
  useEffect(() => {
    const timer = setInterval(() => void reload(), ASK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const others = (present.data ?? []).filter((v: Visitor) => v.id !== me);
  if (others.length === 0) return null;
  const names = others.map((v) => displayName(v)).join(', ');
  return (
    <ul className="visitors" aria-label={`Also here: ${names}`}>
      {others.map((v) => (
        <li key={v.id} className="visitors__badge" title={`${displayName(v)}, here since ${clock(v.since)}`}>
          {initialsOf(v)}
        </li>
      ))}
    </ul>
  );
}
