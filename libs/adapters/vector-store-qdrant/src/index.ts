/** Public API of the Qdrant vector-store adapter: the store, its DI module, and its pure helpers. */
/** @public: required when configured, by @kioku/composition's adapter-modules.ts (knip does not follow that require). */
export { vectorStoreQdrantModule } from './lib/vector-store-qdrant.module';
