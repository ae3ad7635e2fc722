/** The messages between the event loop and an embedding thread (structured-cloned, no functions). */
export type ToEmbeddingThread = { id: number; texts: string[] };

export type FromEmbeddingThread =
  | { kind: 'ready' }
  /** The model could not be loaded; the thread exits after sending this. */
  | { kind: 'load-failed'; message: string }
  | { kind: 'vectors'; id: number; vectors: number[][] }
  | { kind: 'failed'; id: number; message: string };
