/* Integration specs of mcp-server (`*.int.spec.ts`): the shared integration preset plus its display name. */
import { integrationPreset } from '../../jest.preset';

export default { ...integrationPreset, displayName: 'mcp-server:int', rootDir: __dirname };
