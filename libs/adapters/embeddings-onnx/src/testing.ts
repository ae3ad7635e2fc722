/** Test kit of @kioku/embeddings-onnx: random-weight models, model folders and a stand-in hub. */
export { MINILM_L6_SHAPE } from './testing/random-bert-model';
export { testModel, writeModelFolder } from './testing/test-model-folder';
export { hubPaths, startStandInHub } from './testing/stand-in-hub';
