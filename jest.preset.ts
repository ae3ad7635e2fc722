/**
 * Shared Jest settings for every project: SWC transpiles TypeScript with legacy decorators (inversify),
 * and tsconfig path aliases resolve to library sources. Two selections of spec files (CONTRIBUTING.md, Tests):
 * the default export runs the unit specs (`*.spec.ts`), `integrationPreset` the integration specs
 * (`*.int.spec.ts`: they start servers or processes, open sockets, or measure time).
 */
import { join } from 'node:path';
import { pathsToModuleNameMapper } from './tools/scripts/paths-to-module-name-mapper';

const shared = {
  testEnvironment: 'node',
  // The local model's TF.js engine lives on the global object; Jest 30's cleanup of globals between
  // test files in one worker turns its later accesses into endless recursion and kills the worker.
  testEnvironmentOptions: { globalsCleanup: 'off' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(),
  testTimeout: 60_000,
};

/** A project's unit specs: everything but `*.int.spec.ts`. */
export default {
  ...shared,
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.int\\.spec\\.ts$'],
};

/** A project's integration specs. The end-to-end ones spawn bin/kioku, so dist/ is built first. */
export const integrationPreset = {
  ...shared,
  testMatch: ['**/*.int.spec.ts'],
  globalSetup: join(__dirname, 'tools', 'scripts', 'jest-global-setup.js'),
};
