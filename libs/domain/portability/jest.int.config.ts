/* Integration specs of portability (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'portability:int', rootDir: __dirname };
