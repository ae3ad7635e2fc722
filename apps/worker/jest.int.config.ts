/* Integration specs of worker (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../jest.preset';

export default { ...integrationPreset, displayName: 'worker:int', rootDir: __dirname };
