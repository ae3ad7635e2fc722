/* Integration specs of forgetting (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'forgetting:int', rootDir: __dirname };
