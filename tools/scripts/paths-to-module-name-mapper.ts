/** Turns the tsconfig.base.json path aliases into Jest's moduleNameMapper (one source of truth). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function pathsToModuleNameMapper(): Record<string, string> {
  const root = join(__dirname, '..', '..');
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const mapper: Record<string, string> = {};
  for (const [alias, [target]] of Object.entries(config.compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/]/g, '\\/')}$`] = join(root, target);
  }
  return mapper;
}
