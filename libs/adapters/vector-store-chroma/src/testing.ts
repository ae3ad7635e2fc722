/** Test kit entry point (`@kioku/vector-store-chroma/testing`): a real Chroma server for integration specs. */
export {
  startChromaTestServer,
  useChromaTestServer,
  type ChromaTestServer,
} from './lib/testing/chroma-test-server';
