/**
 * The local model in worker threads, against the real model: the same vectors as on the event loop,
 * an event loop that stays free during a long text, short texts that overtake long ones, bounded
 * queues that refuse at once, and processes that exit without being told to.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LocalEmbeddingProvider } from './lib/local-embedding-provider.adapter';
import { LocalThreadedEmbeddingProvider } from './lib/local-embedding-threads';

const run = promisify(execFile);

const SAMPLES = [
  'I live in San Francisco',
  'ユーザーは東京に住んでいる。',
  'Remember: the dentist moved the appointment to Tuesday at 3 pm.',
  'A long note. '.repeat(200),
  `${'The user keeps a detailed travel diary. '.repeat(100)}今日は京都へ行った。`,
];

/** `characters` long, made of ordinary words (the model's cost depends on the tokens). */
function longText(characters: number): string {
  const words = 'the user likes green tea and walks the dog every morning near the river'.split(' ');
  let text = '';
  for (let index = 0; text.length < characters; index += 1) text += `${words[index % words.length]} `;
  return text.slice(0, characters).trim();
}

describe('LocalThreadedEmbeddingProvider', () => {
  const threaded = new LocalThreadedEmbeddingProvider({ threads: 2 });
  afterAll(() => threaded.dispose());

  it('gives exactly the vectors of the in-process model for the same passes', async () => {
    const inProcess = new LocalEmbeddingProvider();
    for (const text of SAMPLES) {
      expect(await threaded.embed([text])).toEqual(await inProcess.embed([text]));
    }
    const short = SAMPLES.slice(0, 3);
    expect(await threaded.embed(short)).toEqual(await inProcess.embed(short));
  });

  it('splits a mixed batch by lane with vectors equal within float rounding (padding differs)', async () => {
    const expected = await new LocalEmbeddingProvider().embed(SAMPLES);
    const vectors = await threaded.embed(SAMPLES);
    vectors.forEach((vector, index) => {
      const largest = Math.max(...vector.map((value, at) => Math.abs(value - expected[index][at])));
      expect(largest).toBeLessThan(1e-6);
    });
  });

  it('keeps the event loop free while a long text is embedded', async () => {
    await threaded.init();
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await threaded.embed(Array.from({ length: 8 }, (_, index) => longText(15_000 + index)));
    const took = performance.now() - started;
    clearInterval(timer);
    // On the event loop, these texts block it for their whole duration (~0.9 s measured), so the
    // longest gap between timer ticks would equal the time taken; in threads it is a small part of it.
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(took / 4);
  });

  it('embeds a short text while long ones are in progress, without waiting for them', async () => {
    await threaded.init();
    const order: string[] = [];
    const texts = Array.from({ length: 16 }, (_, index) => longText(16_000 + index));
    const long = threaded.embed(texts).then(() => order.push('long'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await threaded.embed(['a short recall query']).then(() => order.push('short'));
    await long;
    // The order, not a duration: the long texts take four passes of one thread, seconds of CPU, so a
    // short text that waited for them would finish after them.
    expect(order).toEqual(['short', 'long']);
  });

  it('refuses a call at once with BUSY when its lane is full, and keeps serving the other lane', async () => {
    const provider = new LocalThreadedEmbeddingProvider({ threads: 2, maxQueuedLongTexts: 2 });
    try {
      await provider.init();
      let acceptedDone = false;
      const accepted = provider.embed([longText(4_000), longText(4_001)]).finally(() => {
        acceptedDone = true;
      });
      const refused = await provider.embed([longText(4_002)]).catch((error: unknown) => error);
      expect(acceptedDone).toBe(false); // refused at once, not after the queue ahead of it
      expect(refused).toMatchObject({
        code: 'BUSY',
        details: { provider: 'local', retryAfterSeconds: expect.any(Number) },
      });
      expect(String((refused as Error).message)).not.toContain('the user likes');
      await expect(provider.embed(['short texts still pass'])).resolves.toHaveLength(1);
      await expect(accepted).resolves.toHaveLength(2);
      await expect(provider.embed([longText(4_002)])).resolves.toHaveLength(1);
    } finally {
      await provider.dispose();
    }
  });

  it('accepts a batch larger than the limit into an empty lane (a reembed batch is never refused)', async () => {
    const provider = new LocalThreadedEmbeddingProvider({ threads: 1, maxQueuedShortTexts: 2 });
    try {
      await expect(provider.embed(['one', 'two', 'three', 'four'])).resolves.toHaveLength(4);
    } finally {
      await provider.dispose();
    }
  });

  it('fails with EMBEDDING_UNAVAILABLE after dispose', async () => {
    const provider = new LocalThreadedEmbeddingProvider({ threads: 1 });
    await provider.embed(['warm']);
    await provider.dispose();
    await expect(provider.embed(['late'])).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
  });

  it('refuses invalid input before starting a thread', async () => {
    let started = 0;
    const provider = new LocalThreadedEmbeddingProvider({
      startThread: () => {
        started += 1;
        throw new Error('must not start');
      },
    });
    await expect(provider.embed(['ok', ' '])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(started).toBe(0);
  });

  it('lets a process that embedded and did not dispose exit by itself', async () => {
    const fixture = join(__dirname, 'testing', 'embed-and-leave.fixture.ts');
    const started = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture], { timeout: 30_000 });
    expect(stdout).toBe('2 vectors\n');
    // Loading the model in a thread takes ~1.5 s; a process held open by an idle thread would hit the timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 40_000);
});
