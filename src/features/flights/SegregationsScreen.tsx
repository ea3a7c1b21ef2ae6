// The segregations editor of one flight (/app/flight/{flightId}/segregations): the flight's
// header, and its segregations (name, share of passengers, bags) added, changed and deleted with
// the item calls, under the rule that the shares total 100 %.
import { useCallback, useMemo } from 'react';
import { Link } from 'wouter';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { ifMatch, unlessChanged, unwrap } from '../../api/errors';
import type { ColumnSpec } from '../../components/cellCodecs';
import { EditableTable } from '../../components/EditableTable';
import { LoadState } from '../../components/LoadState';
import { useLoader } from '../../components/useLoader';
import { sharesRuleMessage, sharesTotal } from '../scenarioData/turnupProfile';
import { formatLocalTime } from './flightRows';
import { changedIn } from '../../live/lastChange';

type Segregation = components['schemas']['Segregation'];
type SegregationBody = { name?: string; share?: number; bags?: number };

const COLUMNS: ColumnSpec[] = [
  { key: 'name', label: 'Segregation', kind: 'text' },
  { key: 'share', label: 'Share (%)', kind: 'number', width: '9rem' },
  { key: 'bags', label: 'Bags', kind: 'integer', width: '9rem' },
];

async function loadFlight(flightId: number) {
  const flight = await unwrap(api.GET('/api/flights/{id}/', { params: { path: { id: flightId } } }));
  const query = { params: { query: { scenario_id: flight.scenario_id } } };
  const [airline, scenario, airports, segregations] = await Promise.all([
    unwrap(api.GET('/api/airlines/{id}/', { params: { path: { id: flight.airline_id } } })),
    unwrap(api.GET('/api/scenarios/{id}/', { params: { path: { id: flight.scenario_id } } })),
    unwrap(api.GET('/api/airports/', query)),
    unwrap(api.GET('/api/segregations/', { params: { query: { flight_id: flightId } } })),
  ]);
  const timeZone = airports[0]?.time_zone || 'UTC';
  return { flight, airline, timeZone, std: formatLocalTime(flight.scheduled, timeZone, scenario.design_date), segregations };
}

export default function SegregationsScreen({ flightId }: { flightId: number }) {
  const loaded = useLoader(() => loadFlight(flightId), [flightId]);
  const { setData } = loaded;
  const setSegregations = useCallback(
    (update: (list: Segregation[]) => Segregation[]) => setData((d) => d && { ...d, segregations: update(d.segregations) }),
    [setData],
  );
  const flight = loaded.data?.flight;

  const onCreate = useCallback(
    async (values: Record<string, unknown>) => {
      if (!flight) return;
      const created = await unwrap(
        api.POST('/api/segregations/', {
          body: { ...(values as SegregationBody), name: String(values.name), flight_id: flight.id, scenario_id: flight.scenario_id },
        }),
      );
      setSegregations((list) => [...list, created]);
    },
    [flight, setSegregations],
  );
  const show = useCallback((saved: Segregation) => setSegregations((list) => list.map((s) => (s.id === saved.id ? saved : s))), [setSegregations]);
  // A refusal names who changed the segregation meanwhile, and when.
  const scenarioId = flight?.scenario_id;
  const words = useMemo(() => (scenarioId === undefined ? undefined : changedIn(scenarioId, 'segregations')), [scenarioId]);
  const onUpdate = useCallback(
    async (segregation: Segregation, values: Record<string, unknown>) => {
      const params = { path: { id: segregation.id }, header: ifMatch(segregation) };
      show(await unlessChanged(unwrap(api.PATCH('/api/segregations/{id}/', { params, body: values as SegregationBody })), show, words));
    },
    [show, words],
  );
  const onDelete = useCallback(
    async (segregation: Segregation) => {
      const params = { path: { id: segregation.id }, header: ifMatch(segregation) };
      await unlessChanged(unwrap(api.DELETE('/api/segregations/{id}/', { params })), show, words);
      setSegregations((list) => list.filter((s) => s.id !== segregation.id));
    },
    [setSegregations, show, words],
  );

  const shares = loaded.data?.segregations.map((s) => s.share) ?? [];
  const problem = shares.length > 0 ? sharesRuleMessage(shares) : undefined;
  return (
    <section className="screen">
      <p className="breadcrumb">
        <Link href="/app/allocation/flight">Flights</Link>
      </p>
      <h1 className="screen__title">Flight segregations</h1>
      {!loaded.data && <p className="screen__detail">Flight {flightId}</p>}
      <LoadState loading={loaded.loading} error={loaded.error} hasData={!!loaded.data}>
        {loaded.data && flight && (
          <>
            <dl className="flight-header" aria-label="Flight">
              <div>
                <dt>Flight</dt>
                <dd>
                  {loaded.data.airline.code} {flight.flight_number}
                  {flight.suffix}
                </dd>
              </div>
              <div>
                <dt>Airline</dt>
                <dd>{loaded.data.airline.name || loaded.data.airline.code}</dd>
              </div>
              <div>
                <dt>STD (local)</dt>
                <dd>{loaded.data.std}</dd>
              </div>
              <div>
                <dt>Destination</dt>
                <dd>{flight.destination || '—'}</dd>
              </div>
              <div>
                <dt>Passengers</dt>
                <dd>{flight.passengers ?? Math.round(flight.seats * flight.load_factor)}</dd>
              </div>
            </dl>
            <div className="card">
              <h2 className="card__title">Segregations</h2>
              <EditableTable
                label="Segregations"
                columns={COLUMNS}
                rows={loaded.data.segregations}
                rowName={(s) => s.name}
                addLabel="Add segregation"
                newRow={{ name: '', share: 0, bags: 0 }}
                onCreate={onCreate}
                onUpdate={onUpdate}
                onDelete={onDelete}
                emptyText="No segregations: add one, or generate them from the rules on the flights screen."
              />
              <p className={`rule-line${problem ? ' rule-line--bad' : ' rule-line--ok'}`} role="status">
                {problem ?? (shares.length > 0 ? `Shares total ${sharesTotal(shares)} %.` : 'The shares of a flight must total 100 %.')}
              </p>
            </div>
          </>
        )}
      </LoadState>
    </section>
  );
}
