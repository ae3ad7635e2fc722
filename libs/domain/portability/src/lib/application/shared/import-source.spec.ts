/** A file source reads plain and gzipped files alike, and names the line where a cut-off gzip ends. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileImportSource } from './import-source';

describe('fileImportSource', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-import-source-'));
  const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ line: i + 1, text: `record ${i}` }));
  const text = `${lines.join('\n')}\n`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const readAll = async (path: string) => {
    const read: string[] = [];
    for await (const line of fileImportSource(path).lines()) read.push(line);
    return read;
  };

  it('reads a plain file and a gzipped one to the same lines, each time afresh', async () => {
    writeFileSync(join(dir, 'plain.jsonl'), text);
    writeFileSync(join(dir, 'packed.jsonl.gz'), gzipSync(text));
    expect(await readAll(join(dir, 'plain.jsonl'))).toEqual(lines);
    expect(await readAll(join(dir, 'packed.jsonl.gz'))).toEqual(lines);
    expect(await readAll(join(dir, 'packed.jsonl.gz'))).toEqual(lines);
  });

  it('refuses a cut-off gzip file with the number of the line where it breaks', async () => {
    const packed = gzipSync(text);
    writeFileSync(join(dir, 'cut.jsonl.gz'), packed.subarray(0, Math.floor(packed.length / 2)));
    const error = await readAll(join(dir, 'cut.jsonl.gz')).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string; details: { line: number } },
    );
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.message).toMatch(/^Line \d+: the gzip data is damaged or cut off/);
    expect(error?.details.line).toBeGreaterThan(1);
    expect(error?.details.line).toBeLessThan(lines.length);
  });
});
