/**
 * Where an export writes: anything that takes text and says when it may take more. `streamSink`
 * adapts a Node writable (a file, stdout, a gzip stream) and waits for 'drain', so an export of any
 * size holds only one page in memory.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

export interface ExportSink {
  /** Accepts the next chunk of JSON Lines; resolves when the sink can take more. */
  write(text: string): Promise<void>;
}

export function streamSink(stream: Writable): ExportSink {
  return {
    async write(text) {
      if (!stream.write(text)) await once(stream, 'drain');
    },
  };
}

/** Collects the export in memory (tests, small namespaces). */
export class TextSink implements ExportSink {
  private readonly chunks: string[] = [];

  async write(text: string): Promise<void> {
    this.chunks.push(text);
  }

  text(): string {
    return this.chunks.join('');
  }

  lines(): string[] {
    return this.text().split('\n').filter(Boolean);
  }
}
