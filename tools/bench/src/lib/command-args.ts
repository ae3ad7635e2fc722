/**
 * Reading a bench command's argv: each command declares its options and gets their raw values back,
 * read by node:util `parseArgs` (`--flag value` and `--flag=value`; `-h` and `--help` on every
 * command). What parseArgs lets through is refused here in the bench's words: an unknown option or
 * a stray word, an option with no value (a next word starting with `--` is not taken as one), and a
 * value given to a switch.
 */
import { parseArgs } from 'node:util';

/** Bad options: the command prints the message and its usage, and exits 2. */
export class BenchUsageError extends Error {}

export interface CommandOption {
  type: 'string' | 'boolean';
  /** A string option given more than once keeps every value. */
  multiple?: boolean;
}

export type CommandValues<T extends Record<string, CommandOption>> = {
  [K in keyof T]?: T[K] extends { type: 'boolean' }
    ? true
    : T[K] extends { multiple: true }
      ? string[]
      : string;
} & { help?: true };

export function readCommandArgs<T extends Record<string, CommandOption>>(
  argv: readonly string[],
  declared: T,
): CommandValues<T> {
  const options = { ...declared, help: { type: 'boolean', short: 'h' } } as const;
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | string[] | true> = {};
  for (const token of tokens) {
    if (token.kind === 'positional') throw new BenchUsageError(`unknown option "${token.value}"`);
    if (token.kind === 'option-terminator') throw new BenchUsageError('unknown option "--"');
    const option: CommandOption | undefined = Object.hasOwn(options, token.name)
      ? options[token.name as keyof typeof options]
      : undefined;
    if (!option) throw new BenchUsageError(`unknown option "${token.rawName}"`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new BenchUsageError(`${token.rawName} takes no value`);
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
      throw new BenchUsageError(`${token.rawName} needs a value`);
    const previous = values[token.name];
    values[token.name] = option.multiple
      ? [...(Array.isArray(previous) ? previous : []), token.value]
      : token.value;
  }
  return values as CommandValues<T>;
}
