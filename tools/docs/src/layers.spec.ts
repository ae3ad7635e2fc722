/**
 * Folders are the layers: every project under libs/<folder>/ carries that folder's layer tag and one
 * scope tag, so the lint's layer order (eslint.config.mjs) and the tree a newcomer reads agree. The
 * ports hold interfaces, errors and value types: no class there implements anything.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

const FOLDER_LAYER: Record<string, string> = {
  ground: 'layer:ground',
  ports: 'layer:port',
  storage: 'layer:storage',
  domain: 'layer:domain',
  adapters: 'layer:adapter',
  edge: 'layer:edge',
  testing: 'layer:testing',
  apps: 'layer:app',
  tools: 'layer:tool',
};

function gitFiles(pattern: string): string[] {
  return execSync(`git ls-files '${pattern}'`, { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean);
}

describe('folders are the layers', () => {
  const projects = gitFiles('*project.json').filter((file) =>
    /^(libs\/\w+\/|apps\/|tools\/)[^/]+\/project\.json$/.test(file),
  );

  it('finds the projects', () => {
    expect(projects.length).toBeGreaterThan(30);
  });

  it.each(projects)('%s: the layer tag of its folder and one scope tag', (file) => {
    const tags = (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { tags: string[] }).tags;
    const folder = file.startsWith('libs/') ? file.split('/')[1] : file.split('/')[0];
    expect(tags.filter((tag) => tag.startsWith('layer:'))).toEqual([FOLDER_LAYER[folder]]);
    expect(tags.filter((tag) => tag.startsWith('scope:'))).toHaveLength(1);
  });

  it('ports declare; they implement nothing (no class but an error)', () => {
    const classes = gitFiles('libs/ports/*.ts').flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /^export (?:abstract )?class (\w+)(?: extends (\w+))?/gm,
        ),
      ]
        .filter((match) => !/Error$/.test(match[1]))
        .map((match) => `${file}: ${match[1]}`),
    );
    expect(classes).toEqual([]);
  });
});
