/* Jest project for episodes: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'episodes', rootDir: __dirname };
