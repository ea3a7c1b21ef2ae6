// The make-up allocations' times typed in the table under the Gantt (fake API): a time is read in
// the design day's clock and sent against the version shown; a time that is not one is named
// under its cell and nothing is sent; another planner's move that came first is shown, with who
// made it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectConsoleError } from '../../testing/consoleErrors';
import { cleanupApp, installFakeApi, resetApp, signInAs } from '../../testing/app';
import { fakeApi, type FakeApi } from '../../testing/fakeApi';
import { clock } from '../../live/lastChange';
import { makeupData } from '../../../workers/report/fixture.test-data';
import { AllocationTimesTable } from './AllocationTimesTable';
import type { BaggageAllocation, PlanningData } from './allocationApi';
import { buildMakeupGantt } from './model/makeupGantt';

const stamps = { scenario_id: 7, created_at: '', updated_at: '', version: 3 };
const data = {
  ...makeupData,
  scenarioId: 7,
  canEdit: true,
  baggage: makeupData.allocations.map((a) => ({ ...a, ...stamps })),
  unplaced: [],
  counters: [],
  colours: [],
} as unknown as PlanningData;
const model = buildMakeupGantt({ ...makeupData, allocations: data.baggage }, { bufferMinutes: 5, maxBagsPerHour: 150 });
const B6 = data.baggage[0];

let api: FakeApi;
let shown: BaggageAllocation[];
beforeEach(() => {
  resetApp('/app/allocation/makeup');
  signInAs();
  api = installFakeApi(fakeApi());
  shown = [];
});
afterEach(cleanupApp);

const renderTable = () => render(<AllocationTimesTable data={data} model={model} canEdit onShow={(a) => shown.push(a)} onDrafting={() => undefined} />);

async function typeTimes(opens: string, closes?: string) {
  const user = userEvent.setup();
  const cell = await screen.findByLabelText('Opens, B6 1983 Y, Carousel 1 P1');
  await user.clear(cell);
  await user.type(cell, opens);
  if (closes !== undefined) {
    await user.clear(screen.getByLabelText('Closes, B6 1983 Y, Carousel 1 P1'));
    await user.type(screen.getByLabelText('Closes, B6 1983 Y, Carousel 1 P1'), closes);
  }
  await user.click(screen.getByRole('button', { name: 'Save B6 1983 Y, Carousel 1 P1' }));
}

describe('the allocation times table', () => {
  it("lists each allocation by opening time in the airport's clock and saves typed times against the version shown", async () => {
    api.on(`PATCH /api/allocation/baggage-allocation/${B6.id}/`, ({ body }) => ({ body: { ...B6, ...(body as object), version: 4 } }));
    renderTable();
    const opens = (await screen.findAllByLabelText(/^Opens, /)).map((cell) => `${cell.getAttribute('aria-label')} ${(cell as HTMLInputElement).value}`);
    expect(opens).toEqual([
      'Opens, B6 1983 Y, Carousel 1 P1 02:35',
      'Opens, AA 100 J, Carousel 1 P2 07:30',
      'Opens, AA <7&> Y, Chute 1 P1 08:30',
      'Opens, AA <7&> Y, Carousel 1 P2 09:23',
    ]);
    // 23:50 the evening before to 00:10 on the design day, New York time (UTC-5).
    await typeTimes('23:50 -1', '00:10');
    const [sent] = api.sent(`PATCH /api/allocation/baggage-allocation/${B6.id}/`);
    expect(sent.headers.get('if-match')).toBe('"3"');
    expect(sent.body).toEqual({ start: '2017-01-02T04:50:00.000Z', end: '2017-01-02T05:10:00.000Z', locked: false });
    await expect.poll(() => shown.map((a) => a.version)).toEqual([4]);
  });

  it('names a time it cannot read, or a closing before the opening, under its cell and sends nothing', async () => {
    renderTable();
    await typeTimes('25:00');
    expect(await screen.findByText('Enter a time as HH:MM (+1 for the next day).')).toBeTruthy();
    await typeTimes('05:00', '04:00');
    expect(await screen.findByText('Must be after the opening time.')).toBeTruthy();
    expect(api.sent(`PATCH /api/allocation/baggage-allocation/${B6.id}/`)).toEqual([]);
  });

  it("shows another planner's move that came first, and says who made it and when", async () => {
    expectConsoleError(/PATCH \/api\/allocation\/baggage-allocation\/1\/ answered 412/);
    const theirs = { ...B6, start: '2017-01-02T08:00:00Z', end: '2017-01-02T09:50:00Z', locked: true, version: 4 };
    api.on(`PATCH /api/allocation/baggage-allocation/${B6.id}/`, { status: 412, body: theirs });
    const at = '2017-01-02T14:02:00Z';
    const who = { id: 12, email: 'ana@example.com', first_name: 'Ana', last_name: 'Ruiz' };
    const entry = { id: 9, at, set: 'baggage_allocations', op: 'update', ids: [B6.id], count: 1, user: who, job: null };
    api.on('GET /api/scenarios/7/history/', { body: { entries: [entry], people: [who], sets: ['baggage_allocations'], kept_days: 365 } });
    renderTable();
    await typeTimes('03:00');
    expect(
      await screen.findByText(`Changed by Ana Ruiz at ${clock(at)} since you opened it: their values are shown now. Make your change again to keep yours.`),
    ).toBeTruthy();
    expect(shown).toEqual([theirs]);
  });
});
