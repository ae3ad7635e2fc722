/* Integration specs of kernel (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'kernel:int', rootDir: __dirname };
