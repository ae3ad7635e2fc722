/** DI tokens owned by the Chroma adapter (the VectorStore itself is bound to `VECTOR_STORE_TOKENS`). */
import { token } from '@kioku/kernel';
import type { ChromaServerManager } from './embedded/chroma-server-manager';

export const VECTOR_STORE_CHROMA_TOKENS = {
  /** Bound by `vectorStoreChromaEmbeddedModule` only; stopping it stops a server this process owns. */
  ChromaServerManager: token<ChromaServerManager>('vector-store-chroma.ChromaServerManager'),
} as const;
