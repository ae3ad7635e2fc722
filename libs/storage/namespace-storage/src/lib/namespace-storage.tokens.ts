/** DI tokens of the namespace-storage library (its services bind under their classes). */
import { token } from '@kioku/kernel';
import type { ReembeddableCollection } from './reembeddable-collection';

export const NAMESPACE_STORAGE_TOKENS = {
  /** Multi-bound: every embedded collection a re-embedding copies. */
  ReembeddableCollection: token<ReembeddableCollection>('namespace-storage.ReembeddableCollection'),
};
