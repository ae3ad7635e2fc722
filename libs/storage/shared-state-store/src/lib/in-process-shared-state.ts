/**
 * Shared state for a single process (stdio MCP on its own, tests): a map, with the same semantics as
 * the store-backed state. Expired entries are dropped once they are past the purge grace, as the
 * store does, so the map stays bounded by what is live.
 */
import type { Clock } from '@kioku/kernel';
import type { SharedState, StateEntry } from '@kioku/shared-state';
import { PURGE_GRACE_MS } from './state-purge';

export class InProcessSharedState implements SharedState {
  private readonly entries = new Map<string, StateEntry>();

  constructor(private readonly clock: Clock) {}

  async create(entry: StateEntry): Promise<boolean> {
    this.purge();
    if (this.entries.has(entry.key)) return false;
    this.entries.set(entry.key, { ...entry });
    return true;
  }

  async put(entry: StateEntry): Promise<void> {
    this.purge();
    this.entries.set(entry.key, { ...entry });
  }

  async get(key: string): Promise<StateEntry | null> {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.clock.now().getTime() ? { ...entry } : null;
  }

  async list(group: string): Promise<StateEntry[]> {
    return [...this.entries.values()].filter((entry) => entry.group === group).map((entry) => ({ ...entry }));
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  private purge(): void {
    const horizon = this.clock.now().getTime() - PURGE_GRACE_MS;
    for (const [key, entry] of this.entries) if (entry.expiresAt < horizon) this.entries.delete(key);
  }
}
