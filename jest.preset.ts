/**
 * Shared Jest settings for every project: SWC transpiles TypeScript with legacy decorators (inversify),
 * and tsconfig path aliases resolve to library sources.
 */
import { pathsToModuleNameMapper } from './tools/scripts/paths-to-module-name-mapper';

export default {
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
  testMatch: ['**/*.spec.ts'],
  testTimeout: 60_000,
};
