/** Ids for domain objects: a prefix and 12 lowercase hex characters (behaviour §2). */
import { randomBytes } from 'node:crypto';

export interface IdGenerator {
  /** A new id `<prefix>_<12 hex>`, e.g. `mem_651b9d294720`. */
  next(prefix: 'mem' | 'ep'): string;
}

export class RandomIdGenerator implements IdGenerator {
  next(prefix: 'mem' | 'ep'): string {
    return `${prefix}_${randomBytes(6).toString('hex')}`;
  }
}

export const MEMORY_ID_PATTERN = /^mem_[0-9a-f]{12}$/;
export const EPISODE_ID_PATTERN = /^ep_[0-9a-f]{12}$/;
