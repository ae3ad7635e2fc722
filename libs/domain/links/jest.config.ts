/* Jest project for links: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'links', rootDir: __dirname };
