/* Jest project for processes: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'processes', rootDir: __dirname };
