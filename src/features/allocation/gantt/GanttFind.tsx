// The Gantt's find box: the planner types a flight or an airline's code and presses Enter; the
// chart scrolls and pans to the first bar that matches and focuses it, and each further Enter
// goes to the next one. It says which of how many it shows, or that none matches.
import { useState, type FormEvent } from 'react';
import type { GanttBar } from '../model/ganttModel';
import { barsMatching } from '../model/findBars';

type Props = { bars: readonly GanttBar[]; reveal: (bar: GanttBar) => void };

export function GanttFind({ bars, reveal }: Props) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<{ query: string; index: number } | null>(null);
  const [status, setStatus] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const matches = barsMatching(bars, query);
    if (matches.length === 0) {
      setShown(null);
      setStatus(query.trim() ? `No bar matches “${query.trim()}”` : '');
      return;
    }
    const index = shown?.query === query ? (shown.index + 1) % matches.length : 0;
    setShown({ query, index });
    setStatus(`${index + 1} of ${matches.length}: ${matches[index].label}`);
    reveal(matches[index]);
  };

  return (
    <form className="gantt__find inline-field" role="search" onSubmit={onSubmit}>
      <input type="search" aria-label="Find a flight or airline" placeholder="Find flight" value={query} onChange={(e) => setQuery(e.target.value)} />
      <span className="gantt__find-status muted" role="status">
        {status}
      </span>
    </form>
  );
}
