/**
 * The vector store an app on a data dir uses, opened from a test the way the app opens it (same
 * configuration, same adapter module), so that end-to-end specs can look at what the app stored on
 * any backend: the in-process store's file, the managed Chroma server the app started, or a server.
 */
import { Container } from 'inversify';
import { parseConfig, type EnvSource } from '@kioku/config';
import { VECTOR_STORE_TOKENS, type VectorStore } from '@kioku/vector-store';
import { vectorStoreModule } from '../adapter-modules';

export interface OpenedStore {
  store: VectorStore;
  /** Releases the store (closes its file or connections; never stops a server another process owns). */
  close(): Promise<void>;
}

/** `env`: the app's environment (at least KIOKU_DATA_DIR, and the backend's variables if not the default). */
export function openAppStore(env: EnvSource): OpenedStore {
  const container = new Container();
  container.loadSync(vectorStoreModule(parseConfig(env).vectorStore));
  return { store: container.get(VECTOR_STORE_TOKENS.VectorStore), close: () => container.unbindAll() };
}
