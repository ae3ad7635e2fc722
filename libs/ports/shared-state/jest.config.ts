/* Jest project for the shared-state port: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'shared-state-port', rootDir: __dirname };
