/* Jest project for presenters: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'presenters', rootDir: __dirname };
