/* Integration specs of shared-state-store (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'shared-state-store:int', rootDir: __dirname };
