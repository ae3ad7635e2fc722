/* Integration specs of embeddings-local (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'embeddings-local:int', rootDir: __dirname };
