/** Errors every embedding adapter throws, translated from its client's errors. */
import { AppError } from '@kioku/kernel';

export class EmbeddingUnavailableError extends AppError {
  constructor(provider: string, reason: string, options: { cause?: unknown } = {}) {
    super('EMBEDDING_UNAVAILABLE', `The embedding provider (${provider}) is unavailable: ${reason}`, {
      cause: options.cause,
      details: { provider },
    });
  }
}

export function assertEmbeddableTexts(texts: string[]): void {
  texts.forEach((text, index) => {
    if (typeof text !== 'string' || text.trim().length === 0) {
      throw AppError.invalidInput(`Cannot embed an empty text (position ${index}).`);
    }
  });
}

/**
 * The provider's bounded queue is full: the call is refused at once, before any work, so that a
 * flood of long texts cannot grow memory or latency without bound. Edges answer 503 + Retry-After.
 */
export class EmbeddingBusyError extends AppError {
  constructor(provider: string, retryAfterSeconds: number) {
    super(
      'BUSY',
      `The embedding queue (${provider}) is full: too many texts are waiting. Retry in ${retryAfterSeconds} s.`,
      { details: { provider, retryAfterSeconds } },
    );
  }
}
