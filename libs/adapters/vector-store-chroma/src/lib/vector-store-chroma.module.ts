/**
 * DI wiring for the two Chroma backends. Both bind `VECTOR_STORE_TOKENS.VectorStore` to a singleton and
 * use `KERNEL_TOKENS.Logger` when it is bound. The embedded module also binds the server manager; its
 * deactivation (e.g. `container.unbindAll()` on shutdown) stops a server this process started.
 */
import { ContainerModule } from 'inversify';
import type { ChromaEmbeddedSettings, ChromaServerSettings } from '@kioku/config';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { SideIndexedVectorStore } from '@kioku/vector-store-base';
import { ChromaVectorStore } from './chroma-vector-store.adapter';
import { ChromaEmbeddedVectorStore } from './embedded/chroma-embedded-vector-store.adapter';
import { ChromaServerManager } from './embedded/chroma-server-manager';
import { VECTOR_STORE_CHROMA_TOKENS } from './vector-store-chroma.tokens';

/** The configured `ChromaServerSettings`, plus a request timeout that is not configured. */
export type VectorStoreChromaModuleOptions = ChromaServerSettings & {
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
};

/** The configured `ChromaEmbeddedSettings`, plus a request timeout that is not configured. */
export type VectorStoreChromaEmbeddedModuleOptions = Omit<ChromaEmbeddedSettings, 'startTimeoutMs'> & {
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
  /** How long starting the server may take (default 30 000 ms; `KIOKU_CHROMA_START_TIMEOUT_MS`). */
  startTimeoutMs?: number;
};

/** `KIOKU_VECTOR_STORE=chroma`: a Chroma server at a URL. */
export function vectorStoreChromaModule(options: VectorStoreChromaModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(
        (context) =>
          new ChromaVectorStore({
            ...options,
            logger: context.get(KERNEL_TOKENS.Logger, { optional: true }),
          }),
      )
      .inSingletonScope()
      .onDeactivation((store) => (store as SideIndexedVectorStore).close());
  });
}

/** `KIOKU_VECTOR_STORE=chroma-embedded` (the default): a Chroma server this app starts and shares. */
export function vectorStoreChromaEmbeddedModule(
  options: VectorStoreChromaEmbeddedModuleOptions,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_CHROMA_TOKENS.ChromaServerManager)
      .toDynamicValue(
        (context) =>
          new ChromaServerManager({
            dataDir: options.dataDir,
            environment: options.serverEnvironment,
            npmEnvironment: options.npmEnvironment,
            allowLoopbackPort: options.allowLoopbackPort,
            startTimeoutMs: options.startTimeoutMs,
            logger: context.get(KERNEL_TOKENS.Logger, { optional: true }),
          }),
      )
      .inSingletonScope()
      .onDeactivation((manager) => manager.stop());
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(
        (context) =>
          new ChromaEmbeddedVectorStore(context.get(VECTOR_STORE_CHROMA_TOKENS.ChromaServerManager), {
            requestTimeoutMs: options.requestTimeoutMs,
            logger: context.get(KERNEL_TOKENS.Logger, { optional: true }),
          }),
      )
      .inSingletonScope()
      .onDeactivation((store) => (store as SideIndexedVectorStore).close());
  });
}
