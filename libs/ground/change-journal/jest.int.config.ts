/* Integration specs of change-journal (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'change-journal:int', rootDir: __dirname };
