// Lint for the whole workspace: typescript-eslint type-checked rules, Nx module boundaries on both
// tag dimensions (layer:* and scope:*), no console output in libraries or the stdio MCP server, Prettier last.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';


const SDK_IMPORTS = ['chromadb', '@qdrant/*', 'ollama', '@energetic-ai/*', 'onnxruntime-node', '@huggingface/*'];

/**
 * The layers, lowest first; a project may depend on its own layer and the layers listed for it.
 * Adapters implement ports and see nothing above them; the edge composes adapters and presents
 * domain results; apps are shells over the edge. docs/architecture.md draws the same picture.
 */
const LAYERS = {
  ground: [],
  port: ['ground'],
  storage: ['ground', 'port'],
  domain: ['ground', 'port', 'storage'],
  adapter: ['ground', 'port'],
  edge: ['ground', 'port', 'storage', 'domain', 'adapter'],
  app: ['ground', 'port', 'storage', 'domain', 'edge'],
  testing: ['ground', 'port', 'storage', 'domain', 'adapter'],
  tool: ['ground', 'port', 'storage', 'domain', 'adapter', 'edge', 'app', 'testing'],
};

/**
 * The order of the domain libraries: each may use only those listed for it (and the shared layers
 * below). Links are the edge store memory ranks over, so they sit lowest; consolidation sits on top.
 */
const DOMAIN_ORDER = {
  links: [],
  memory: ['links'],
  episodes: ['links', 'memory'],
  'workspace-sync': ['links', 'memory'],
  forgetting: ['links', 'memory', 'episodes'],
  consolidation: ['links', 'memory', 'episodes', 'forgetting'],
  // Export and import read and write every kind of record through the repositories below.
  portability: ['links', 'memory', 'episodes', 'forgetting'],
};

/** Who may import whom. Tests and test kits may also use the testing libs and adapters to wire fakes. */
function boundaries(forTests) {
  const extra = forTests ? ['layer:testing', 'layer:adapter'] : [];
  const allow = (tags) => [...new Set([...tags, ...extra])];
  const layerConstraints = Object.entries(LAYERS).map(([layer, below]) => ({
    sourceTag: `layer:${layer}`,
    onlyDependOnLibsWithTags: allow([layer, ...below].map((name) => `layer:${name}`)),
    ...(['domain', 'edge', 'app'].includes(layer) ? { bannedExternalImports: SDK_IMPORTS } : {}),
  }));
  const domainConstraints = Object.entries(DOMAIN_ORDER).map(([scope, below]) => ({
    sourceTag: `scope:${scope}`,
    onlyDependOnLibsWithTags: allow(['scope:shared', `scope:${scope}`, ...below.map((name) => `scope:${name}`)]),
  }));
  return {
    enforceBuildableLibDependency: false,
    banTransitiveDependencies: false,
    allowCircularSelfDependency: false,
    // The table of operations imports the domain libraries' pure `schemas` entry points statically
    // and the libraries themselves lazily, so that an MCP server lists its
    // tools before loading them.
    checkDynamicDependenciesExceptions: ['memory', 'forgetting', 'consolidation', 'episodes'],
    depConstraints: [...layerConstraints, ...domainConstraints],
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
    files: ['**/jest.config.ts', '**/jest.int.config.ts', 'jest.preset.ts', 'tools/scripts/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  prettier,
);
