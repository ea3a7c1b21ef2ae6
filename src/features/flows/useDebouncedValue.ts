// The debounce helper of SPEC section 9: a value that follows `value` once it has stayed the
// same for `delay` milliseconds. The flow editor compares its graph with the saved one through
// it, so the comparison does not run on every frame of a drag.
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
