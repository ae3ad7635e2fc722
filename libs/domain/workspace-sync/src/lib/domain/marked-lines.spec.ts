import { carriesMarker, hasEntry, removeEntries, upsertEntry } from './marked-lines';

const HEADER = '# Memory Log 2026-11-21\n\n';
const A = '- 09:00 [daily] a (emotion: happy, intensity: 0.60) [id:mem_a]';
const B = '- 09:05 [daily] b (emotion: calm, intensity: 0.40) [id:mem_b]';
const A2 = '- 09:00 [daily] a, edited (emotion: happy, intensity: 0.60) [id:mem_a]';

describe('marked lines', () => {
  it.each([
    [A, 'mem_a', true],
    [`${A}  `, 'mem_a', true],
    [`${A}\r`, 'mem_a', true],
    ['[id:mem_a]', 'mem_a', true],
    [A, 'mem_ab', false],
    [A.replace('[id:mem_a]', '[id:mem_ab]'), 'mem_a', false],
    ['- 09:00 [daily] see [id:mem_a] (emotion: happy, intensity: 0.60) [id:mem_c]', 'mem_a', false],
    ['- 09:00 [daily] glued[id:mem_a]', 'mem_a', false],
    ['', 'mem_a', false],
  ])('%j carries the marker of %s: %s', (line, id, expected) => {
    expect(carriesMarker(line, id)).toBe(expected);
  });

  it.each([
    ['a new file starts with the header', null, 'mem_a', A, `${HEADER}${A}\n`],
    ['an empty file starts with the header', '', 'mem_a', A, `${HEADER}${A}\n`],
    ['appends after existing lines', `${HEADER}${A}\n`, 'mem_b', B, `${HEADER}${A}\n${B}\n`],
    ['adds a missing final newline first', `${HEADER}${A}`, 'mem_b', B, `${HEADER}${A}\n${B}\n`],
    ['leaves an identical line alone', `${HEADER}${A}\n${B}\n`, 'mem_a', A, `${HEADER}${A}\n${B}\n`],
    ['replaces a changed line in place', `${HEADER}${A}\n${B}\n`, 'mem_a', A2, `${HEADER}${A2}\n${B}\n`],
    ['keeps one line of duplicates', `${HEADER}${A}\n${B}\n${A}\n`, 'mem_a', A, `${HEADER}${A}\n${B}\n`],
    [
      'does not count a quoted marker as the line',
      `${HEADER}- 09:01 [daily] quoting [id:mem_a] (emotion: calm, intensity: 0.40) [id:mem_q]\n`,
      'mem_a',
      A,
      `${HEADER}- 09:01 [daily] quoting [id:mem_a] (emotion: calm, intensity: 0.40) [id:mem_q]\n${A}\n`,
    ],
  ])('upsert: %s', (_, current, id, line, expected) => {
    expect(upsertEntry(current, HEADER, id, line)).toBe(expected);
  });

  it.each([
    ['removes the line', `${HEADER}${A}\n${B}\n`, 'mem_a', `${HEADER}${B}\n`],
    ['removes the last line', `${HEADER}${A}\n${B}\n`, 'mem_b', `${HEADER}${A}\n`],
    ['removes every copy', `${HEADER}${A}\n${B}\n${A}\n`, 'mem_a', `${HEADER}${B}\n`],
    ['keeps the header when the last entry goes', `${HEADER}${A}\n`, 'mem_a', HEADER],
    [
      'keeps other text byte for byte',
      `${HEADER}note by hand\n${A}\n\n${B}`,
      'mem_a',
      `${HEADER}note by hand\n\n${B}`,
    ],
    ['leaves text without the marker alone', `${HEADER}${B}\n`, 'mem_a', `${HEADER}${B}\n`],
    [
      'does not remove a line quoting the id',
      `x quoting [id:mem_a] (e) [id:mem_q]\n`,
      'mem_a',
      `x quoting [id:mem_a] (e) [id:mem_q]\n`,
    ],
  ])('remove: %s', (_, text, id, expected) => {
    expect(removeEntries(text, id)).toBe(expected);
  });

  it('finds entries by their trailing marker only', () => {
    expect(hasEntry(`${HEADER}${A}\n`, 'mem_a')).toBe(true);
    expect(hasEntry(`${HEADER}${A}\n`, 'mem_b')).toBe(false);
    expect(hasEntry('quoting [id:mem_b] (e) [id:mem_a]', 'mem_b')).toBe(false);
  });
});
