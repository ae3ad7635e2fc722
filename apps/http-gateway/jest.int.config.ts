/* Integration specs of http-gateway (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../jest.preset';

export default { ...integrationPreset, displayName: 'http-gateway:int', rootDir: __dirname };
