/** Public API of @kioku/namespace-storage: what other projects use; everything else is internal. */
export { CollectionGenerations } from './lib/collection-generations';
export {
  type EmbeddedCollectionKind,
  NAMESPACE_PATTERN,
  collectionKindTag,
  collectionName,
} from './lib/collection-names';
export { NamespaceCollections } from './lib/namespace-collections';
export { NamespaceDirectory } from './lib/namespace-directory';
export { NamespaceStateRepository } from './lib/namespace-state.repository';
export { namespaceStorageModule } from './lib/namespace-storage.module';
export { NAMESPACE_STORAGE_TOKENS } from './lib/namespace-storage.tokens';
export { type ReembeddableCollection } from './lib/reembeddable-collection';
