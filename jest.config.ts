/**
 * The unit specs of every project in one Jest process (`npm run test:unit`, or `npx jest <path>`):
 * no server, no child process, no socket. The integration specs run from jest.int.config.ts.
 */
import { projectConfigs } from './tools/scripts/jest-projects';

// testTimeout is a global option: Jest ignores it inside project configs.
export default {
  projects: projectConfigs(__dirname, 'jest.config.ts'),
  testTimeout: 60_000,
};
