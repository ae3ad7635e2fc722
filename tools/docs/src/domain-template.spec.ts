/**
 * One template for a domain library, so that each reads like the others:
 * - `src/index.ts` (the public API), `src/lib/<lib>.module.ts` (its bindings), and its test kit
 *   `src/lib/testing/<lib>-test-kit.ts` behind the `@kioku/<lib>/testing` entry (`src/testing.ts`);
 * - DI tokens only in `src/lib/<lib>.tokens.ts`, settings only in `src/lib/<lib>-settings.ts`;
 * - a spec beside each use case (`<name>.use-case.spec.ts`);
 * - wire names only at the edge: a use case's input (the `<Name>Input` type of its `.input.ts`, beside
 *   the wire schema the edge serves) has domain names, and no source reads a snake_case input field;
 * - one folder per use case under `application/`, whose sources import no other use case's folder:
 *   what two use cases share lives in `application/shared/` (or a folder of its own, such as a format)
 *   and imports none of them (a spec may drive another use case to set up its data);
 * - a use case that serves a call takes `execute(input, context)`: its input first (`{}` for none),
 *   the call's context next, options (if any) last;
 * - a file of errors named `<subject>.errors.ts` (a mapper named after its function, `to-…`, aside);
 * - integration specs named `<subject>.int.spec.ts` or `<subject>.<kind>.int.spec.ts` with a kind from
 *   one list (or `<subject>.<suffix>` naming the file they test).
 * call-context holds one shared type and no use case, so it has no module or test kit.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { gitFiles, read, ROOT } from './repo-files';

const SHARED_TYPES = ['call-context'];

/** What an integration spec starts, when its name says more than its subject. */
const INT_KINDS = [
  'e2e',
  'process',
  'concurrency',
  'contract',
  'load',
  'wire',
  'live',
  'browser',
  'emulated',
];

const paths = (
  JSON.parse(read('tsconfig.base.json')) as { compilerOptions: { paths: Record<string, string[]> } }
).compilerOptions.paths;

const libs = [...new Set(gitFiles('libs/domain/*').map((file) => file.split('/')[2]))].filter(
  (lib) => !SHARED_TYPES.includes(lib),
);

describe('the domain library template', () => {
  it('finds the domain libraries', () => {
    expect(libs.length).toBeGreaterThanOrEqual(7);
  });

  describe.each(libs)('%s', (lib) => {
    const root = `libs/domain/${lib}`;
    const files = gitFiles(`${root}/*.ts`);

    it('has its index, module and test kit in the same places, with the two entry points', () => {
      for (const file of ['src/index.ts', `src/lib/${lib}.module.ts`, `src/lib/testing/${lib}-test-kit.ts`]) {
        expect([file, existsSync(join(ROOT, root, file))]).toEqual([file, true]);
      }
      expect(read(`${root}/src/testing.ts`)).toContain(`export * from './lib/testing/${lib}-test-kit';`);
      expect(paths[`@kioku/${lib}`]).toEqual([`${root}/src/index.ts`]);
      expect(paths[`@kioku/${lib}/testing`]).toEqual([`${root}/src/testing.ts`]);
    });

    it('declares DI tokens only in its tokens file and settings only in its settings file', () => {
      const source = files.filter((file) => !file.endsWith('.spec.ts'));
      const tokens = source.filter((file) => /\btoken<|\btoken\(/.test(read(file)));
      const settings = source.filter((file) => /export interface \w*Settings\b/.test(read(file)));
      expect(tokens.filter((file) => file !== `${root}/src/lib/${lib}.tokens.ts`)).toEqual([]);
      expect(settings.filter((file) => file !== `${root}/src/lib/${lib}-settings.ts`)).toEqual([]);
    });

    it('has a spec beside each use case', () => {
      const missing = files
        .filter((file) => file.endsWith('.use-case.ts'))
        .filter((file) => !files.includes(file.replace(/\.ts$/, '.spec.ts')));
      expect(missing).toEqual([]);
    });

    it('takes domain names as input: the wire (snake_case) names are mapped at the edge', () => {
      const source = files.filter((file) => !file.endsWith('.spec.ts'));
      const reads = source
        .filter((file) => !file.endsWith('.input.ts'))
        .flatMap((file) =>
          [...read(file).matchAll(/\binput\??\.([a-z\d]+_\w+)/g)].map((m) => `${file} reads input.${m[1]}`),
        );
      const declares = source
        .filter((file) => file.endsWith('.input.ts'))
        .flatMap((file) =>
          [...read(file).matchAll(/export interface (\w+Input) \{([^}]*)\}/g)].flatMap(([, name, body]) =>
            [...body.matchAll(/^\s*([a-z\d]+_\w+)\??:/gm)].map((m) => `${file}: ${name}.${m[1]}`),
          ),
        );
      expect([...reads, ...declares]).toEqual([]);
    });

    it("keeps each use case's folder to itself: none imports another's, shared/ imports none", () => {
      const application = `${root}/src/lib/application/`;
      const folderOf = (file: string) =>
        file.startsWith(application) ? file.slice(application.length).split('/').slice(0, -1)[0] : undefined;
      const useCaseFolders = new Set(files.filter((file) => file.endsWith('.use-case.ts')).map(folderOf));
      const crossings = files
        .filter((file) => folderOf(file) !== undefined && !file.endsWith('.spec.ts'))
        .flatMap((file) =>
          [...read(file).matchAll(/from '(\.\.?\/[^']+)'/g)]
            .map((m) => posix.join(posix.dirname(file), m[1]))
            .filter((target) => {
              const folder = folderOf(target);
              return useCaseFolders.has(folder) && folder !== folderOf(file);
            })
            .map((target) => `${file} imports ${target}`),
        );
      expect(crossings).toEqual([]);
    });

    it('takes a use case its input first and the call context after it: execute(input, context)', () => {
      const odd = files
        .filter((file) => file.endsWith('.use-case.ts'))
        .filter((file) => {
          const params = /\bexecute\(([\s\S]*?)\)\s*:\s*Promise/.exec(read(file))?.[1] ?? '';
          const at = params.indexOf(': CallContext');
          return at >= 0 && !/,\s*\w+$/.test(params.slice(0, at));
        });
      expect(odd).toEqual([]);
    });

    it('has no use case that imports another', () => {
      const calling = files
        .filter((file) => file.endsWith('.use-case.ts'))
        .flatMap((file) => {
          const own = /export class (\w+UseCase)/.exec(read(file))?.[1];
          const imported = [...read(file).matchAll(/import[^;]*?\b(\w+UseCase)\b[^;]*;/g)].map((m) => m[1]);
          return imported.filter((name) => name !== own).map((name) => `${file} imports ${name}`);
        });
      expect(calling).toEqual([]);
    });
  });

  it('names every file of errors <subject>.errors.ts', () => {
    const odd = gitFiles('*.ts')
      .filter((file) => /^(libs|apps|tools)\//.test(file))
      .map((file) => basename(file).replace(/\.spec\.ts$/, '.ts'))
      .filter((name) => /errors?\.ts$/.test(name) && !name.startsWith('to-') && !name.endsWith('.errors.ts'));
    expect(odd).toEqual([]);
  });

  it('names every integration spec by its subject and, if any, a kind from the list', () => {
    const odd = gitFiles('*.int.spec.ts')
      .filter((file) => !file.includes('node_modules'))
      .filter((file) => {
        const parts = basename(file)
          .replace(/\.int\.spec\.ts$/, '')
          .split('.');
        if (parts.length === 1) return false;
        if (parts.length === 2 && INT_KINDS.includes(parts[1])) return false;
        if (parts.length === 3 && INT_KINDS.includes(parts[2])) return false;
        // `<name>.<suffix>.int.spec.ts` tests the file `<name>.<suffix>.ts` beside it.
        return !(parts.length === 2 && existsSync(join(ROOT, dirname(file), `${parts.join('.')}.ts`)));
      });
    expect(odd).toEqual([]);
  });
});
