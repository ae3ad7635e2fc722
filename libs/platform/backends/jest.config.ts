/* Jest project for backends: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'backends', rootDir: __dirname };
