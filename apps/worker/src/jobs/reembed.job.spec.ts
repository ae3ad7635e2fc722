import { SystemClock } from '@kioku/kernel';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink } from '@kioku/testing-fakes';
import { ReembedJob, type Reembedder, type ReembedProgress } from './reembed.job';

/** A re-embedder that reports progress after each of `batches` batches, like the use case. */
function fakeReembedder(batches: number, afterBatch: (done: number) => void = () => {}) {
  const completed: number[] = [];
  const reembedder: Reembedder = {
    async execute({ onProgress }) {
      for (let i = 1; i <= batches; i++) {
        completed.push(i);
        afterBatch(i);
        onProgress?.({ phase: 'memories', done: i * 10, total: batches * 10 } satisfies ReembedProgress);
      }
      return {
        status: 'done',
        reembedded: batches * 10,
        reembeddedByCollection: { memories: batches * 10, trash: 2 },
        total: batches * 10,
        fromModel: 'old-model',
        toModel: 'new-model',
        resumed: false,
      };
    },
  };
  return { reembedder, completed };
}

const logger = new RedactingLogger(new CapturingLogSink(), 'debug', new SystemClock());

describe('ReembedJob', () => {
  it('maps the result to counts and model ids', async () => {
    const { reembedder } = fakeReembedder(3);
    const outcome = await new ReembedJob(reembedder, 16, logger).run('alpha', new AbortController().signal);
    expect(outcome).toEqual({
      counts: { reembedded: 30, trashReembedded: 2, total: 30, removedStale: 0 },
      details: { status: 'done', fromModel: 'old-model', toModel: 'new-model', resumed: false },
    });
  });

  it('stops between batches on shutdown (the use case resumes from its saved position)', async () => {
    const shutdown = new AbortController();
    const { reembedder, completed } = fakeReembedder(5, (batch) => batch === 2 && shutdown.abort());
    const outcome = await new ReembedJob(reembedder, 16, logger).run('alpha', shutdown.signal);
    expect(outcome).toEqual({ counts: {}, interrupted: true });
    expect(completed).toEqual([1, 2]);
  });

  it('lets the use case’s own errors through', async () => {
    const reembedder: Reembedder = { execute: () => Promise.reject(new Error('store down')) };
    await expect(
      new ReembedJob(reembedder, undefined, logger).run('alpha', new AbortController().signal),
    ).rejects.toThrow('store down');
  });
});
