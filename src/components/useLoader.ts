// Loads a screen's data when its inputs change and keeps it with a way to reload or replace it
// locally after a save. A failure is kept to show; an answer that arrives after the inputs have
// changed again is dropped.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Loaded<T> = {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  reload: () => Promise<void>;
  setData: (update: (current: T | undefined) => T | undefined) => void;
};

export function useLoader<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  // The caller names what the load depends on, as with useEffect, and may add what should
  // reload it (a version a save bumps), which the hooks rule would call unnecessary.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableLoad = useCallback(load, deps);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const value = await stableLoad();
      if (mine === generation.current) {
        setDataState(value);
        setError(null);
      }
    } catch (caught) {
      if (mine === generation.current) setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, [stableLoad]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setDataState(update), []);
  return { data, error, loading, reload, setData };
}
