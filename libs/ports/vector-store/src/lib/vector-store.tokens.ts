/** DI token for the vector store. */
import { token } from '@kioku/kernel';
import type { VectorStore } from './vector-store.port';

export const VECTOR_STORE_TOKENS = {
  VectorStore: token<VectorStore>('vector-store.VectorStore'),
} as const;
