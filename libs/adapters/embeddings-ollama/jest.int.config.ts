/* Integration specs of embeddings-ollama (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'embeddings-ollama:int', rootDir: __dirname };
