// Lint for the whole workspace: typescript-eslint type-checked rules, Nx module boundaries on both
// tag dimensions, no console output in libraries or the stdio MCP server, Prettier last.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';


const SDK_IMPORTS = ['chromadb', '@qdrant/*', 'ollama', '@energetic-ai/*'];

/** Who may import whom. Tests and test kits may also use the testing libs and adapters to wire fakes. */
function boundaries(forTests) {
  const extra = forTests ? ['type:testing', 'type:adapter'] : [];
  const allow = (...tags) => [...new Set([...tags, ...extra])];
  return {
    enforceBuildableLibDependency: false,
    banTransitiveDependencies: false,
    // The MCP tools import the domain libraries' pure `schemas` entry points statically and the
    // libraries themselves lazily, so that a server lists its tools before loading them (issue 13).
    checkDynamicDependenciesExceptions: ['memory', 'forgetting', 'consolidation', 'episodes'],
    depConstraints: [
      { sourceTag: 'type:platform', onlyDependOnLibsWithTags: allow('type:platform') },
      { sourceTag: 'type:port', onlyDependOnLibsWithTags: allow('type:platform', 'type:port') },
      { sourceTag: 'type:domain', onlyDependOnLibsWithTags: allow('type:platform', 'type:port', 'type:domain'), bannedExternalImports: SDK_IMPORTS },
      { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: allow('type:platform', 'type:port') },
      { sourceTag: 'type:composition', onlyDependOnLibsWithTags: allow('type:platform', 'type:port', 'type:domain', 'type:adapter'), bannedExternalImports: SDK_IMPORTS },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:platform', 'type:port', 'type:domain', 'type:adapter', 'type:testing'] },
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: allow('type:platform', 'type:port', 'type:domain', 'type:composition'), bannedExternalImports: SDK_IMPORTS },
      { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:platform', 'type:port', 'type:domain', 'type:composition', 'type:adapter', 'type:testing', 'type:app'] },
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.nx/**', 'tmp/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'bin/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@nx/enforce-module-boundaries': ['error', boundaries(false)],
    },
  },
  {
    files: ['libs/**/*.ts', 'apps/mcp-server/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['**/*.spec.ts', 'libs/testing/**/*.ts', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@nx/enforce-module-boundaries': ['error', boundaries(true)],
    },
  },
  {
    files: ['**/jest.config.ts', 'jest.preset.ts', 'tools/scripts/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  prettier,
);
