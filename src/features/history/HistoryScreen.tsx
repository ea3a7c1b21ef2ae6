// The History screen (/app/history): who changed what in the selected scenario and when, newest
// first, jobs' changes under who started them; filtered by set and by person, a hundred at a time
// with older ones on demand, and up to date as changes are made (src/live/).
import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { displayName } from '../../auth/user';
import { NoScenarioSelected } from '../../components/ScenarioRequired';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { useLiveReload } from '../../live/liveChanges';
import { selectedScenarioAtom } from '../projects/scenarioSelection';
import { jobName } from '../jobs/jobCalls';
import { describeEntry, setLabel, type HistoryEntry } from './historyWords';
import type { components } from '../../../openapi/schema';

type HistoryPage = components['schemas']['HistoryPage'];
type Filters = { set: string; userId: number | null };

/** The sets whose changes reload the History as they are made. */
const LIVE_SETS = [
  'flights',
  'baggage_allocations',
  'resource_allocations',
  'segregations',
  'passenger_movement_graphs',
  'flight_import_rules',
  'segregation_rules',
  'bags_per_allocation_rules',
  'jobs',
];

const PAGE_SIZE = 100;

async function loadPage(scenarioId: number, filters: Filters, before?: number): Promise<HistoryPage> {
  const query = {
    limit: PAGE_SIZE,
    ...(filters.set && { set: filters.set }),
    ...(filters.userId !== null && { user_id: filters.userId }),
    ...(before && { before }),
  };
  return unwrap(api.GET('/api/scenarios/{id}/history/', { params: { path: { id: scenarioId }, query } }));
}

export default function HistoryScreen() {
  const selected = useAtomValue(selectedScenarioAtom);
  return (
    <section className="screen screen--wide">
      <h1 className="screen__title">History</h1>
      {selected ? <ScenarioHistory key={selected.scenarioId} scenarioId={selected.scenarioId} /> : <NoScenarioSelected what="see who changed it" />}
    </section>
  );
}

function ScenarioHistory({ scenarioId }: { scenarioId: number }) {
  const [filters, setFilters] = useState<Filters>({ set: '', userId: null });
  const [older, setOlder] = useState<HistoryEntry[]>([]);
  const first = useLoader(() => loadPage(scenarioId, filters), [scenarioId, filters]);
  const { reload: reloadFirst } = first;
  const reload = useCallback(() => {
    setOlder([]);
    return reloadFirst();
  }, [reloadFirst]);
  useLiveReload(LIVE_SETS, reload, false);

  const entries = [...(first.data?.entries ?? []), ...older];
  const last = entries.at(-1);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const showOlder = async () => {
    if (!last) return;
    setLoadingOlder(true);
    try {
      const page = await loadPage(scenarioId, filters, last.id);
      setOlder((shown) => [...shown, ...page.entries]);
    } finally {
      setLoadingOlder(false);
    }
  };
  const changeFilters = (next: Filters) => {
    setOlder([]);
    setFilters(next);
  };

  return (
    <LoadState loading={first.loading} error={first.error} hasData={!!first.data}>
      {first.data && (
        <>
          <HistoryFilters page={first.data} filters={filters} onChange={changeFilters} />
          <HistoryTable entries={entries} />
          {entries.length > 0 && entries.length % PAGE_SIZE === 0 && (
            <button type="button" className="button button--small" disabled={loadingOlder} onClick={() => void showOlder()}>
              Show older changes
            </button>
          )}
          <p className="muted">Changes are kept for {first.data.kept_days} days.</p>
        </>
      )}
    </LoadState>
  );
}

function HistoryFilters({ page, filters, onChange }: { page: HistoryPage; filters: Filters; onChange: (filters: Filters) => void }) {
  return (
    <div className="toolbar" role="group" aria-label="Filter the History">
      <label className="sim-field">
        <span>What</span>
        <select value={filters.set} onChange={(e) => onChange({ ...filters, set: e.target.value })}>
          <option value="">Everything</option>
          {page.sets.map((set) => (
            <option key={set} value={set}>
              {setLabel(set)}
            </option>
          ))}
        </select>
      </label>
      <label className="sim-field">
        <span>Who</span>
        <select value={filters.userId ?? ''} onChange={(e) => onChange({ ...filters, userId: e.target.value ? Number(e.target.value) : null })}>
          <option value="">Everyone</option>
          {page.people.map((person) => (
            <option key={person.id} value={person.id}>
              {displayName(person)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  if (entries.length === 0) return <p className="empty-state">No changes yet.</p>;
  return (
    <table className="data-table" aria-label="Changes">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.at)}</td>
            <td>{entry.user ? displayName(entry.user) : 'The server'}</td>
            <td>
              {describeEntry(entry)}
              {entry.job && entry.set !== 'jobs' && <span className="muted"> by the job {jobName(entry.job.kind)}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
