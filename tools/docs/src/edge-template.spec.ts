/**
 * One template for the edge, so that an operation is read and changed in one folder:
 * - each operation of the table is declared once, in `libs/edge/operations/src/lib/<operation>/`
 *   (the MCP tool name in kebab case), as `<operation>.operation.ts`, beside its presenter
 *   `<operation>.presenter.ts` (its output schema, text and structured view) and that presenter's spec;
 * - its presenter exports one output schema, `<operation>Output`, which the declaration serves;
 * - a presenter is named `*.presenter.ts`, the one suffix of the edge's wording and views: a file that
 *   exports a zod schema or a `…Text`/`…Structured` function is one;
 * - a unit spec at the edge is named after a file beside it;
 * - REST routes are described at the edge, in `@kioku/rest-routes` (the table's, and the gateway's own:
 *   inspection, MCP, operator), never in an app: an app registers them (`registerRoute`) and hosts them.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gitFiles, read, ROOT } from './repo-files';

const OPERATIONS_LIB = 'libs/edge/operations/src/lib';

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const edgeFiles = gitFiles('libs/edge/*.ts');
const sources = edgeFiles.filter((file) => !file.endsWith('.spec.ts'));
const declaring = sources.filter((file) => /\bdefineOperation\(\{/.test(read(file)));

describe('the edge template', () => {
  it('finds the operations', () => {
    expect(declaring.length).toBeGreaterThanOrEqual(12);
  });

  it('declares each operation in a folder of its own, named after it, beside its presenter and spec', () => {
    const odd = declaring.flatMap((file) => {
      const folder = basename(dirname(file));
      const ids = [...read(file).matchAll(/defineOperation\(\{\s*id: '([a-z_]+)'/g)].map((m) => m[1]);
      const problems = [
        ...(file === `${OPERATIONS_LIB}/${folder}/${folder}.operation.ts`
          ? []
          : ['not <operation>/<operation>.operation.ts']),
        ...(ids.length === 1 && ids[0] === folder.replace(/-/g, '_') ? [] : [`declares ${ids.join(', ')}`]),
        ...[`${folder}.presenter.ts`, `${folder}.presenter.spec.ts`]
          .filter((beside) => !edgeFiles.includes(`${OPERATIONS_LIB}/${folder}/${beside}`))
          .map((beside) => `has no ${beside} beside it`),
      ];
      return problems.map((problem) => `${file}: ${problem}`);
    });
    expect(odd).toEqual([]);
  });

  it('gives each operation one output schema, <operation>Output, exported by its presenter and served', () => {
    const odd = declaring.flatMap((file) => {
      const folder = basename(dirname(file));
      const name = `${camel(folder)}Output`;
      const presenter = read(`${OPERATIONS_LIB}/${folder}/${folder}.presenter.ts`);
      const schemas = [...presenter.matchAll(/^export const (\w+) = z\./gm)].map((m) => m[1]);
      return [
        ...(schemas.length === 1 && schemas[0] === name
          ? []
          : [`its presenter exports ${schemas.join(', ')}`]),
        ...(read(file).includes(`output: ${name},`) ? [] : [`does not serve output: ${name}`]),
      ].map((problem) => `${file}: ${problem}`);
    });
    expect(odd).toEqual([]);
  });

  it('names every presenter *.presenter.ts: what exports a zod schema or a text or structured view', () => {
    const odd = sources
      .filter((file) => !file.endsWith('.presenter.ts'))
      .filter(
        (file) =>
          /\.(output|text|view)\.ts$/.test(file) ||
          /^export const \w+(Output|Schema) = z\./m.test(read(file)) ||
          /^export function \w+(Text|Structured)\b/m.test(read(file)),
      );
    expect(odd).toEqual([]);
  });

  it('names every unit spec at the edge after a file beside it', () => {
    const odd = edgeFiles
      .filter((file) => file.endsWith('.spec.ts') && !file.endsWith('.int.spec.ts'))
      .filter((file) => !existsSync(join(ROOT, file.replace(/\.spec\.ts$/, '.ts'))));
    expect(odd).toEqual([]);
  });

  it('describes no REST route in an app: the edge describes them (@kioku/rest-routes), apps host them', () => {
    const describing = gitFiles('apps/*.ts')
      .filter((file) => !file.endsWith('.spec.ts'))
      .filter((file) => /\b(restRoute|rawRoute|httpRoute|defineOperation)\(|\.route\(\{/.test(read(file)));
    expect(describing).toEqual([]);
  });
});
