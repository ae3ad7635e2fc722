/* Jest project for composition: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'composition', rootDir: __dirname };
