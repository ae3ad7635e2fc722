/* Jest project for redaction: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'redaction', rootDir: __dirname };
