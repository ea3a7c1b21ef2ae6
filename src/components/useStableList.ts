// A list rebuilt on every render (keys of an object, a prop's items) as one array for as long as
// its items stay the same, so memos and effects that depend on it run when its content changes,
// not at every render.
import { useMemo } from 'react';

const SEPARATOR = '\u0000';

export function useStableList(items: readonly string[]): string[] {
  const key = items.join(SEPARATOR);
  return useMemo(() => (key === '' ? [] : key.split(SEPARATOR)), [key]);
}
