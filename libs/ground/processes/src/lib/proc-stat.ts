/**
 * A Linux `/proc/.../stat` line's fields after the command name, which sits in parentheses and may hold
 * spaces and parentheses itself, so the split starts after the last ')'. Index 0 is the state (the
 * line's third field); see proc(5) for the rest. Undefined where there is no such file (not Linux, the
 * process or thread gone).
 */
import { readFileSync } from 'node:fs';

export function procStatFields(file: string): string[] | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
