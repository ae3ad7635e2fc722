/* Integration specs of deploy-check (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../jest.preset';

export default { ...integrationPreset, displayName: 'deploy-check:int', rootDir: __dirname };
