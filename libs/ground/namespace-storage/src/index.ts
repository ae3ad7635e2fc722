export * from './lib/collection-names';
export * from './lib/namespace-collections';
export * from './lib/namespace-state.repository';
export * from './lib/collection-generations';
export * from './lib/reembeddable-collection';
export * from './lib/namespace-storage.tokens';
export * from './lib/namespace-storage.module';
