/* Integration specs of bench (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../jest.preset';

export default { ...integrationPreset, displayName: 'bench:int', rootDir: __dirname };
