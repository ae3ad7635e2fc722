/* Integration specs of vector-store-chroma (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'vector-store-chroma:int', rootDir: __dirname };
