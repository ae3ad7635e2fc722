/* Jest project for remote-service: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'remote-service', rootDir: __dirname };
