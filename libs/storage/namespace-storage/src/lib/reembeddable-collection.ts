/**
 * A domain's registration of an embedded collection it owns, so that a re-embedding copies it into
 * the next generation with the new model's vectors without knowing the domain (memory registers
 * its memories, forgetting its trash). Bound under NAMESPACE_STORAGE_TOKENS.ReembeddableCollection,
 * once per collection, in the owning library's ContainerModule.
 */
import type { CollectionSpec } from '@kioku/vector-store';
import type { EmbeddedCollectionKind } from './collection-names';

export interface ReembeddableCollection {
  /** Which collection; its name in each generation is `collectionName(namespace, kind, generation)`. */
  readonly kind: EmbeddedCollectionKind;
  /** How the collection is created for vectors of `dimension` made by the model `modelId`. */
  spec(modelId: string, dimension: number): CollectionSpec;
}
