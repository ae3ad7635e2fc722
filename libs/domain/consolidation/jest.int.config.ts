/* Integration specs of consolidation (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'consolidation:int', rootDir: __dirname };
