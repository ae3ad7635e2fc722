/* Integration specs of vector-store-qdrant (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'vector-store-qdrant:int', rootDir: __dirname };
