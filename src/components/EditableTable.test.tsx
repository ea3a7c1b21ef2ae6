import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/errors';
import type { ColumnSpec } from './cellCodecs';
import { EditableTable } from './EditableTable';

afterEach(cleanup);

type Row = { id: number; code: string; seats: number; body: string; match: { airline_codes?: string[]; days?: number[] } };

const columns: ColumnSpec[] = [
  { key: 'code', label: 'Code', kind: 'text', upperCase: true },
  { key: 'seats', label: 'Seats', kind: 'integer' },
  {
    key: 'body',
    label: 'Body',
    kind: 'select',
    options: [
      { value: 'narrow', label: 'Narrow' },
      { value: 'wide', label: 'Wide' },
    ],
  },
  { key: 'match.airline_codes', label: 'Airlines', kind: 'list', optional: true, upperCase: true },
];

const rows: Row[] = [
  { id: 1, code: '320', seats: 150, body: 'narrow', match: { airline_codes: ['AA'], days: [1, 2] } },
  { id: 2, code: '77W', seats: 350, body: 'wide', match: {} },
];

function renderTable(props: Partial<Parameters<typeof EditableTable<Row>>[0]> = {}) {
  const handlers = {
    onCreate: vi.fn(async () => {}),
    onUpdate: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
  };
  render(
    <EditableTable<Row>
      label="Aircraft"
      columns={columns}
      rows={rows}
      rowName={(r) => r.code}
      addLabel="Add aircraft"
      newRow={{ body: 'narrow' }}
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('the editable table', () => {
  it('shows each row in cells labelled by column and row', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Aircraft' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect((screen.getByLabelText('Seats, 77W') as HTMLInputElement).value).toBe('350');
    expect((screen.getByLabelText('Airlines, 320') as HTMLInputElement).value).toBe('AA');
    expect((screen.getByLabelText('Body, 77W') as HTMLSelectElement).value).toBe('wide');
  });

  it('shows a text longer than its column whole on hover, as typed', async () => {
    renderTable();
    const code = screen.getByLabelText('Code, 77W');
    expect(code.getAttribute('title')).toBe('77W');
    await userEvent.type(code, ' long-range freighter');
    expect(code.getAttribute('title')).toBe('77W long-range freighter');
  });

  it('saves an edited row with parsed values, keeping nested criteria it has no column for', async () => {
    const { user, onUpdate } = renderTable();
    expect(screen.queryByRole('button', { name: 'Save 320' })).toBeNull();
    await user.clear(screen.getByLabelText('Seats, 320'));
    await user.type(screen.getByLabelText('Seats, 320'), '144');
    await user.clear(screen.getByLabelText('Airlines, 320'));
    await user.type(screen.getByLabelText('Airlines, 320'), 'aa, dl');
    await user.click(screen.getByRole('button', { name: 'Save 320' }));
    expect(onUpdate).toHaveBeenCalledWith(rows[0], {
      code: '320',
      seats: 144,
      body: 'narrow',
      match: { airline_codes: ['AA', 'DL'], days: [1, 2] },
    });
    expect(screen.queryByRole('button', { name: 'Save 320' })).toBeNull();
  });

  it("shows the API's 400 message under the cell it names and keeps the edit", async () => {
    const onUpdate = vi.fn(async () => {
      throw new ApiError(400, { 'match.airline_codes': ['Unknown airline code ZZ.'] });
    });
    const { user } = renderTable({ onUpdate });
    const cell = screen.getByLabelText('Airlines, 77W');
    await user.type(cell, 'ZZ{Enter}');
    const message = await screen.findByText('Unknown airline code ZZ.');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(cell.getAttribute('aria-describedby')).toBe(message.id);
    expect((cell as HTMLInputElement).value).toBe('ZZ');
    expect(screen.getByRole('button', { name: 'Save 77W' })).toBeTruthy();
  });

  it('refuses to send a value it cannot read, and a row breaking a whole-row rule', async () => {
    const validate = vi.fn((values: Record<string, unknown>): Record<string, string> =>
      (values.seats as number) > 500 ? { seats: 'At most 500 seats.' } : {},
    );
    const { user, onUpdate } = renderTable({ validate });
    const seats = screen.getByLabelText('Seats, 320');
    await user.clear(seats);
    await user.type(seats, 'many{Enter}');
    expect(await screen.findByText('Enter a number.')).toBeTruthy();
    await user.clear(seats);
    await user.type(seats, '900{Enter}');
    expect(await screen.findByText('At most 500 seats.')).toBeTruthy();
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('adds a row and creates it with its values', async () => {
    const { user, onCreate } = renderTable();
    await user.click(screen.getByRole('button', { name: '+ Add aircraft' }));
    await user.type(screen.getByLabelText('Code, new row'), '73h');
    await user.type(screen.getByLabelText('Seats, new row'), '160');
    await user.selectOptions(screen.getByLabelText('Body, new row'), 'narrow');
    await user.click(screen.getByRole('button', { name: 'Save new row' }));
    expect(onCreate).toHaveBeenCalledWith({ code: '73H', seats: 160, body: 'narrow', match: {} });
    expect(screen.queryByLabelText('Code, new row')).toBeNull();
  });

  it('deletes a row', async () => {
    const { user, onDelete } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Delete 77W' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
  });

  it('reverts an edit with Undo', async () => {
    const { user } = renderTable();
    const code = screen.getByLabelText('Code, 320') as HTMLInputElement;
    await user.type(code, 'X');
    await user.click(screen.getByRole('button', { name: 'Undo changes to 320' }));
    expect(code.value).toBe('320');
  });
});
