/**
 * Run by a process test: embeds one short and one long text in worker threads, prints how long that
 * took, and returns without disposing the provider. The process must exit on its own (idle threads
 * are unref'd), as short-lived commands do.
 */
import { LocalThreadedEmbeddingProvider } from '../lib/local-embedding-threads';

async function main(): Promise<void> {
  const provider = new LocalThreadedEmbeddingProvider({ threads: 2 });
  const vectors = await provider.embed(['a short text', 'a long text '.repeat(120)]);
  process.stdout.write(`${vectors.length} vectors\n`);
}

void main();
