/**
 * The integration specs (`*.int.spec.ts`) of every project in one Jest process (`npm run test:int`,
 * or `npx jest -c jest.int.config.ts <path>`): real Chroma servers, spawned kioku processes, HTTP
 * listeners, load and timing measurements. Each project's jest.int.config.ts builds dist/ first.
 */
import { projectConfigs } from './tools/scripts/jest-projects';

// testTimeout is a global option: Jest ignores it inside project configs.
export default {
  projects: projectConfigs(__dirname, 'jest.int.config.ts'),
  testTimeout: 60_000,
};
