/* Jest project for bench: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'bench', rootDir: __dirname };
