/* Integration specs of shared-state-port (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'shared-state-port:int', rootDir: __dirname };
