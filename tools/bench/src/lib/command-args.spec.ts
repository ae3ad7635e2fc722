import { BenchUsageError, readCommandArgs } from './command-args';

const OPTIONS = {
  runs: { type: 'string' },
  keep: { type: 'boolean' },
  key: { type: 'string', multiple: true },
} as const;

describe('readCommandArgs', () => {
  it('reads values given apart or after =, switches, repeated options and -h', () => {
    expect(readCommandArgs(['--runs', '3', '--keep', '--key=a', '--key', 'b', '-h'], OPTIONS)).toEqual({
      runs: '3',
      keep: true,
      key: ['a', 'b'],
      help: true,
    });
    expect(readCommandArgs([], OPTIONS)).toEqual({});
  });

  it.each([
    [['--fast'], 'unknown option "--fast"'],
    [['-x'], 'unknown option "-x"'],
    [['stray'], 'unknown option "stray"'],
    [['--'], 'unknown option "--"'],
    [['--runs'], '--runs needs a value'],
    [['--runs', '--keep'], '--runs needs a value'],
    [['--keep=yes'], '--keep takes no value'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => readCommandArgs(argv, OPTIONS)).toThrow(BenchUsageError);
    expect(() => readCommandArgs(argv, OPTIONS)).toThrow(message);
  });

  it('keeps a value that starts with -- when given after =', () => {
    expect(readCommandArgs(['--runs=--3'], OPTIONS)).toEqual({ runs: '--3' });
  });
});
