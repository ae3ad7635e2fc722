/**
 * Runs the shared VectorStore contract, lexical search included (with a second store instance standing
 * for another process), against a REAL Qdrant server at `KIOKU_QDRANT_URL` (optionally with
 * `KIOKU_QDRANT_API_KEY`). No Qdrant server can be installed on the project's machines, so `npm test`
 * runs this suite only when the variable is set (and says so when it is not); run alone without it,
 * the suite fails with that message.
 *
 *   KIOKU_QDRANT_URL=http://localhost:6333 npm run test:int -- libs/adapters/vector-store-qdrant
 *
 * Every test works in its own `c_<random>` collection and deletes it afterwards, so a shared server or
 * cluster can be used.
 */
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { QdrantVectorStore } from './lib/qdrant-vector-store.adapter';

const qdrantUrl = process.env['KIOKU_QDRANT_URL'];
if (!qdrantUrl) {
  throw new Error(
    'The Qdrant contract suite needs a live server: set KIOKU_QDRANT_URL (e.g. http://localhost:6333).',
  );
}

const createStore = async () =>
  new QdrantVectorStore({
    url: qdrantUrl,
    apiKey: process.env['KIOKU_QDRANT_API_KEY'] || undefined,
  });

describe('qdrant (real server from KIOKU_QDRANT_URL)', () => {
  // Qdrant has no conditional write: concurrent rewrites are raced within one instance only.
  describeVectorStoreContract(
    'qdrant',
    { create: createStore, createSecondInstance: createStore },
    { atomicRewrite: false },
  );
  describeLexicalSearchContract('qdrant', { create: createStore, createSecondInstance: createStore });
});
