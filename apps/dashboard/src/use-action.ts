/** Runs what the user asked for (a request): busy while it runs, and its failure kept as the page's error. */
import { useState } from 'preact/hooks';

export interface Action {
  busy: boolean;
  error: unknown;
  run: (action: () => Promise<void>) => Promise<void>;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
