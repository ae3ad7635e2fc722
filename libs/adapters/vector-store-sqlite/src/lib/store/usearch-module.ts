/**
 * usearch, loaded when a collection is first searched rather than when kioku starts: a platform
 * without its prebuilt binary (musl Linux, Windows on arm64) can still run kioku on a server backend,
 * and a start that never searches does not pay for loading it.
 */
import { AppError } from '@kioku/kernel';

type Usearch = typeof import('usearch');
let loaded: Usearch | undefined;

export function usearch(): Usearch {
  if (loaded) return loaded;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    loaded = require('usearch') as Usearch;
    return loaded;
  } catch (error) {
    throw new AppError(
      'STORE_UNAVAILABLE',
      `The in-process store has no search build for ${process.platform}-${process.arch} (usearch). ` +
        'Use a server: KIOKU_VECTOR_STORE=chroma or qdrant.',
      { cause: error },
    );
  }
}
