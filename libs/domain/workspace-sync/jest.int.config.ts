/* Integration specs of workspace-sync (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'workspace-sync:int', rootDir: __dirname };
