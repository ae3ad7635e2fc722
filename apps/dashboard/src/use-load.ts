/** Loads a page's data when its inputs change; `reload` fetches again after a change. */
import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setError(null);
    load().then(
      (value) => current && setData(value),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [...inputs, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, reload };
}
