/* Jest project for categories: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'categories', rootDir: __dirname };
