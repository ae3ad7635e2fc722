/* Jest project for embeddings-onnx: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'embeddings-onnx', rootDir: __dirname };
