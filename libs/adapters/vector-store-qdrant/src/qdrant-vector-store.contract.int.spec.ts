/**
 * Runs the shared VectorStore contract, lexical search included (with a second store instance standing
 * for another process), against a REAL Qdrant server, only when `KIOKU_QDRANT_URL` is set
 * (optionally with `KIOKU_QDRANT_API_KEY`). No Qdrant server can be installed on the project's machines,
 * so without the variable the suite is skipped — visibly: a passing test whose title says so, every
 * contract test listed as skipped, and one line on stderr.
 *
 *   KIOKU_QDRANT_URL=http://localhost:6333 npx jest libs/adapters/vector-store-qdrant
 *
 * Every test works in its own `c_<random>` collection and deletes it afterwards, so a shared server or
 * cluster can be used.
 */
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { QdrantVectorStore } from './lib/qdrant-vector-store.adapter';

const qdrantUrl = process.env['KIOKU_QDRANT_URL'];
const describeIfQdrant = qdrantUrl ? describe : describe.skip;

if (!qdrantUrl) {
  describe('qdrant contract suite', () => {
    beforeAll(() => {
      process.stderr.write(
        '[vector-store-qdrant] contract suite SKIPPED: set KIOKU_QDRANT_URL (e.g. http://localhost:6333) to run it against a real Qdrant server.\n',
      );
    });

    it('qdrant contract suite: SKIPPED — set KIOKU_QDRANT_URL to run it against a real server', () => {
      expect(qdrantUrl).toBeUndefined();
    });
  });
}

const createStore = async () =>
  new QdrantVectorStore({
    url: qdrantUrl as string,
    apiKey: process.env['KIOKU_QDRANT_API_KEY'] || undefined,
  });

describeIfQdrant('qdrant (real server from KIOKU_QDRANT_URL)', () => {
  describeVectorStoreContract('qdrant', { create: createStore });
  describeLexicalSearchContract('qdrant', { create: createStore, createSecondInstance: createStore });
});
