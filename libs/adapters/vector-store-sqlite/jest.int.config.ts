/* Integration specs of vector-store-sqlite (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'vector-store-sqlite:int', rootDir: __dirname };
