/* Jest project for portability: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'portability', rootDir: __dirname };
