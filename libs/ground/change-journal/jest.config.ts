/* Jest project for change-journal: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'change-journal', rootDir: __dirname };
