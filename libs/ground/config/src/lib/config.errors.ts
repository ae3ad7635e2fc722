/** A configuration problem: names the variable and what is wrong, in one line. */
import { AppError } from '@kioku/kernel';

export class ConfigError extends AppError {
  constructor(problems: string[]) {
    super('CONFIG_INVALID', `Invalid configuration: ${problems.join('; ')}`, { details: { problems } });
  }
}
