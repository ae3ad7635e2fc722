/** The total connection cap follows the descriptor limit that /proc/self/limits shows. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMaxConnections, openFileLimit } from './descriptor-limit';

describe('descriptor limit', () => {
  const limitsFile = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-limits-')), 'limits');
    writeFileSync(file, text);
    return file;
  };

  it('reads the soft limit on open files', () => {
    const file = limitsFile(
      'Limit                     Soft Limit           Hard Limit           Units\n' +
        'Max processes             63668                63668                processes\n' +
        'Max open files            1024                 524288               files\n',
    );
    expect(openFileLimit(file)).toBe(1024);
    expect(defaultMaxConnections(file)).toBe(768);
  });

  it('has no total cap where the limit is unknown or unlimited', () => {
    const unlimited = limitsFile(
      'Max open files            unlimited            unlimited            files\n',
    );
    expect(openFileLimit(unlimited)).toBeUndefined();
    expect(defaultMaxConnections(unlimited)).toBe(0);
    expect(defaultMaxConnections('/nonexistent/limits')).toBe(0);
  });
});
