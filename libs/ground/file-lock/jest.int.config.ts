/* Integration specs of file-lock (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'file-lock:int', rootDir: __dirname };
