/**
 * The managed Chroma store that kioku kept in the data dir by default before the in-process store
 * (`<dataDir>/chroma/`, beside `lexical-index.sqlite`), and whether `kioku migrate` has moved it. An app
 * on the in-process store refuses such a data dir until it has: starting empty beside the user's
 * memories would look like losing them. The old files stay where they are after the move.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@kioku/kernel';

const CHROMA_DATABASE = join('chroma', 'chroma.sqlite3');
const MIGRATED_MARKER = join('chroma', 'MIGRATED.json');

/** True when the data dir holds a managed Chroma store that was not migrated yet. */
export function hasUnmigratedChromaStore(dataDir: string): boolean {
  return existsSync(join(dataDir, CHROMA_DATABASE)) && !existsSync(join(dataDir, MIGRATED_MARKER));
}

/** Throws STORE_UNAVAILABLE, naming the command, when the data dir's memories are still in Chroma. */
export function refuseUnmigratedChromaStore(dataDir: string): void {
  if (!hasUnmigratedChromaStore(dataDir)) return;
  throw new AppError(
    'STORE_UNAVAILABLE',
    'This data dir holds memories in the Chroma store of an earlier kioku. Run `kioku migrate` once to ' +
      'move them into the in-process store (nothing is deleted), or keep using the old store with ' +
      'KIOKU_VECTOR_STORE=chroma-embedded.',
  );
}

/** Records that the managed Chroma store was moved (what, when), so that apps open the new store. */
export function markChromaStoreMigrated(dataDir: string, summary: Record<string, unknown>): void {
  writeFileSync(
    join(dataDir, MIGRATED_MARKER),
    JSON.stringify({ migratedAt: new Date().toISOString(), to: 'store.sqlite', ...summary }, null, 2) + '\n',
    { mode: 0o600 },
  );
}
