/** Public API of the Qdrant vector-store adapter: the store, its DI module, and its pure helpers. */
export { vectorStoreQdrantModule } from './lib/vector-store-qdrant.module';
