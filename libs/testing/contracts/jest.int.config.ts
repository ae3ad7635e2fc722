/* Integration specs of testing-contracts (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../../jest.preset';

export default { ...integrationPreset, displayName: 'testing-contracts:int', rootDir: __dirname };
