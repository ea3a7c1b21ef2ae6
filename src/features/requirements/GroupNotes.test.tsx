// A group's notes: a period that misses is shown as it is; periods too close to call, removals too
// close to call and (in plans saved before verification) periods the search took by its estimate
// are each one closed line that opens to their list.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupNotes } from './GroupNotes';

afterEach(cleanup);

const close = (when: string) => `${when}: 94.8 % ± 0.6 % within 10 min (target 95.0 %), too close to call at 400 replications`;
const closeRemoval = (when: string) =>
  `${when}: one position fewer is too close to call on the replications a removal may use, so the plan is not proven minimal`;
const legacy = (when: string) =>
  `${when}: 95.4 % within 10 min (target 95.0 %), too close to the target to decide with 64 replications (the limit); taken as meeting it`;
const missed = '07:00-07:30: even all 13 positions keep only 82.1 % within 10 min (target 95.0 %)';

describe("a group's notes", () => {
  it('shows what no position can serve, and gathers the periods too close to call into one flagged line', async () => {
    render(<GroupNotes notes={[missed, close('08:35-09:05'), close('11:35-12:05'), closeRemoval('13:00-13:30'), close('20:05-20:35')]} />);
    expect(screen.getByText(missed)).toBeTruthy();
    const summary = screen.getByText('3 periods (08:35–09:05, 11:35–12:05, 20:05–20:35) too close to call at the replication limit, not shown as met');
    const details = summary.closest('details')!;
    expect(details.className).toContain('notice--warning');
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect([...details.querySelectorAll('li')].map((li) => li.textContent)).toEqual([close('08:35-09:05'), close('11:35-12:05'), close('20:05-20:35')]);
    const removals = screen
      .getByText('1 period (13:00–13:30) where one position fewer is too close to call at the replication limit, so the plan is not proven minimal')
      .closest('details')!;
    expect([...removals.querySelectorAll('li')].map((li) => li.textContent)).toEqual([closeRemoval('13:00-13:30')]);
  });

  it("gathers the notes of a plan saved before verification as the search's estimates", () => {
    render(<GroupNotes notes={[legacy('08:35-09:05'), legacy('11:35-12:05')]} />);
    const summary = screen.getByText(
      "2 periods (08:35–09:05, 11:35–12:05) too close to the target to decide within the replication limit, each taken by the search's estimate (not verified)",
    );
    expect(summary.closest('details')!.querySelectorAll('li')).toHaveLength(2);
    expect(screen.queryByText(legacy('08:35-09:05'))?.closest('p')).toBeFalsy();
  });

  it('shows nothing when there is nothing to say', () => {
    const { container } = render(<GroupNotes notes={[]} />);
    expect(container.textContent).toBe('');
  });
});
