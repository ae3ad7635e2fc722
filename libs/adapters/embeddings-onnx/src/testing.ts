/** Test kit of @kioku/embeddings-onnx: random-weight models, model folders and a stand-in hub. */
export { MINILM_L6_SHAPE, randomBertModel, type BertShape } from './testing/random-bert-model';
export { testModel, TINY_BERT_SHAPE, writeModelFolder, type TestModel } from './testing/test-model-folder';
export { hubPaths, startStandInHub, type StandInHub } from './testing/stand-in-hub';
