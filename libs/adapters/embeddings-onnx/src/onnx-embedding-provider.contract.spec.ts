/**
 * The shared embedding contract against the ONNX engine in worker threads, on a random-weight model
 * (whose vectors carry no meaning, hence `semantic: false`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEmbeddingProviderContract } from '@kioku/testing-contracts';
import { OnnxEmbeddingProvider } from './lib/onnx-embedding-provider.adapter';
import { testModel, writeModelFolder } from './testing/test-model-folder';

const dir = mkdtempSync(join(tmpdir(), 'kioku-onnx-contract-'));
const providers: OnnxEmbeddingProvider[] = [];
afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

describeEmbeddingProviderContract(
  'onnx in worker threads',
  () => {
    const folder = writeModelFolder(join(dir, 'model'), testModel());
    const provider = new OnnxEmbeddingProvider({
      model: folder,
      modelsDir: join(dir, 'models'),
      hubUrl: 'http://127.0.0.1:9',
      threads: 2,
    });
    providers.push(provider);
    return provider;
  },
  { semantic: false },
);
