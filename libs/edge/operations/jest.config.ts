/* Jest project for operations: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'operations', rootDir: __dirname };
