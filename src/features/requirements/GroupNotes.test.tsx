// A group's notes: a period no number of positions can serve is shown as it is; the periods
// decided by their estimate are one closed line that opens to their list.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupNotes } from './GroupNotes';

afterEach(cleanup);

const close = (when: string) => `${when}: 95.4 % within 10 min (target 95.0 %), too close to the target to decide with 64 replications (the limit); taken as meeting it`;

describe("a group's notes", () => {
  it('shows what no position can serve, and gathers the periods too close to call into one line', async () => {
    render(<GroupNotes notes={['07:00-07:30: even all 13 positions keep only 82.1 % within 10 min (target 95.0 %)', close('08:35-09:05'), close('11:35-12:05'), close('20:05-20:35')]} />);
    expect(screen.getByText('07:00-07:30: even all 13 positions keep only 82.1 % within 10 min (target 95.0 %)')).toBeTruthy();
    const summary = screen.getByText('3 periods too close to the target to decide within the replication limit, each taken by its estimate');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([close('08:35-09:05'), close('11:35-12:05'), close('20:05-20:35')]);
  });

  it('shows nothing when there is nothing to say', () => {
    const { container } = render(<GroupNotes notes={[]} />);
    expect(container.textContent).toBe('');
  });
});
