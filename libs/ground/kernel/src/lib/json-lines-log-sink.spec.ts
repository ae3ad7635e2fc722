/** The JSON-lines log file: one record a line, created 0600 in a 0700 directory. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonLinesLogSink } from './json-lines-log-sink';

describe('JsonLinesLogSink', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends one JSON line a record to a file only its owner can read', () => {
    const file = join(dir, 'logs', 'kioku.log');
    const sink = new JsonLinesLogSink(file);
    sink.write({ time: 't1', level: 'info', event: 'first', fields: { n: 1 } });
    sink.write({ time: 't2', level: 'warn', event: 'second', fields: {} });
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { time: 't1', level: 'info', event: 'first', n: 1 },
      { time: 't2', level: 'warn', event: 'second' },
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
  });
});
