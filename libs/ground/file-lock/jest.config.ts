/* Jest project for file-lock: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'file-lock', rootDir: __dirname };
