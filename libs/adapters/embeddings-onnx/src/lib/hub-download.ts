/**
 * Fetches one model file from the hub into place, verified: the body streams into a temporary file
 * beside the destination while it is hashed, and only a file with the expected SHA-256 and size is
 * renamed into place (atomically, so two processes fetching at once both end with the same good
 * file). Anything else is deleted and refused. Node's own fetch: behind a proxy, Node ≥ 22.21 honours
 * HTTPS_PROXY with NODE_USE_ENV_PROXY=1 (docs/configuration.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EmbeddingUnavailableError } from '@kioku/embeddings';
import type { OnnxModelFile } from './onnx-model-spec';

/** `<hub>/<repository>/resolve/<revision>/<path>`, the hub's address of a file at a commit. */
export function hubFileUrl(hubUrl: string, repository: string, revision: string, path: string): string {
  return `${hubUrl.replace(/\/+$/, '')}/${repository}/resolve/${revision}/${path}`;
}

export async function downloadVerified(
  url: string,
  destination: string,
  expected: OnnxModelFile,
): Promise<void> {
  await mkdir(dirname(destination), { recursive: true });
  const partial = join(
    dirname(destination),
    `.${basename(destination)}.${randomBytes(6).toString('hex')}.part`,
  );
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(await responseBody(url), hashing, createWriteStream(partial, { mode: 0o600 }));
    const sha256 = hash.digest('hex');
    if (sha256 !== expected.sha256 || bytes !== expected.bytes) {
      throw new EmbeddingUnavailableError(
        'onnx',
        `${url} does not match its checksum (expected SHA-256 ${expected.sha256} and ${expected.bytes} bytes, ` +
          `got ${sha256} and ${bytes} bytes): refused, nothing was kept`,
      );
    }
    await rename(partial, destination);
  } finally {
    await rm(partial, { force: true });
  }
}

async function responseBody(url: string): Promise<Readable> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new EmbeddingUnavailableError('onnx', `${url} cannot be fetched (${causeOf(error)})`, {
      cause: error,
    });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new EmbeddingUnavailableError('onnx', `${url} answered HTTP ${response.status}`);
  }
  return Readable.fromWeb(response.body);
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error');
}
