/* Integration specs of embeddings-onnx (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'embeddings-onnx:int', rootDir: __dirname };
