/**
 * Test helper for the generated client: a scratch directory (with the repository's node_modules
 * linked in, so `openapi-fetch` resolves for the compiler and for Node), TypeScript types generated
 * from an OpenAPI document with openapi-typescript's Node API, and a strict type check or CommonJS
 * build of sample files with the TypeScript compiler API. openapi-typescript loads ES-module-only
 * dependencies, which Jest's CommonJS runtime refuses, so it runs in a child Node process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const REPOSITORY_NODE_MODULES = resolve(__dirname, '../../../../node_modules');

const STRICT: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  esModuleInterop: true,
  skipLibCheck: true,
  types: [],
};

export interface ScratchProject {
  dir: string;
  write(name: string, text: string): string;
  /** Strict type check of the given files: the diagnostics, formatted one per line. */
  typeCheck(files: string[]): string[];
  /** Builds the file (and what it imports) to CommonJS in `dir/out`; returns the path of its output. */
  build(file: string): string;
  /**
   * Writes `name` with the TypeScript declarations (`paths`, `components`, …) of the document;
   * `options` are openapi-typescript's (`enumValues: true` adds each enum's values as a constant).
   */
  generateTypes(document: unknown, name: string, options?: Record<string, unknown>): Promise<void>;
  remove(): void;
}

/** Reads the document (argv[1]) and writes its types (argv[2]) with openapi-typescript's Node API and options (argv[3]). */
const GENERATE = `
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
const [documentPath, outputPath, options] = process.argv.slice(1);
const ast = await openapiTS(JSON.parse(readFileSync(documentPath, 'utf8')), JSON.parse(options));
writeFileSync(outputPath, astToString(ast));
`;

export function scratchProject(): ScratchProject {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-typed-client-'));
  symlinkSync(REPOSITORY_NODE_MODULES, join(dir, 'node_modules'), 'dir');
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    typeCheck(files) {
      const program = ts.createProgram(files, { ...STRICT, noEmit: true });
      return ts.getPreEmitDiagnostics(program).map(format);
    },
    build(file) {
      const outDir = join(dir, 'out');
      const program = ts.createProgram([file], { ...STRICT, outDir, rootDir: dir });
      const { diagnostics } = program.emit();
      if (diagnostics.length > 0) throw new Error(diagnostics.map(format).join('\n'));
      return join(outDir, file.slice(dir.length + 1).replace(/\.ts$/, '.js'));
    },
    async generateTypes(document, name, options = {}) {
      const documentPath = join(dir, 'openapi.json');
      writeFileSync(documentPath, JSON.stringify(document));
      await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', GENERATE, documentPath, join(dir, name), JSON.stringify(options)],
        {
          cwd: dir,
        },
      );
      if (readFileSync(join(dir, name), 'utf8').length === 0) throw new Error('No types generated.');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function format(diagnostic: ts.Diagnostic): string {
  const where =
    diagnostic.file && diagnostic.start !== undefined
      ? `${diagnostic.file.fileName.split('/').pop()}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1} `
      : '';
  return `${where}TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
}
