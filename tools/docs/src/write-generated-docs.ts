/** Writes the generated sections of the docs (`npm run docs:generate`; see operation-docs.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDocs, ROOT } from './operation-docs';

for (const { file, current, generated } of generatedDocs()) {
  if (generated === current) continue;
  writeFileSync(join(ROOT, file), generated);
  process.stderr.write(`wrote ${file}\n`);
}
