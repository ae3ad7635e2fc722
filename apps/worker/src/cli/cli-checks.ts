/**
 * Checks of a command's arguments made before anything is opened or written, so that a mistake gets
 * one clear INVALID_INPUT line and a non-zero exit with nothing changed, never a stack trace or
 * "Internal error". Messages name the option, not the value given.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { AppError } from '@kioku/kernel';
import { NAMESPACE_PATTERN } from '@kioku/namespace-storage';

/** The namespace named by `--namespace`, if it is a valid name. */
export function namespaceOption(value: string | undefined): string | undefined {
  if (value !== undefined && !NAMESPACE_PATTERN.test(value))
    throw AppError.invalidInput(
      '--namespace: a namespace is 1 to 63 lower-case letters, digits, "_" or "-", starting with a letter or digit.',
    );
  return value;
}

/** A file to read from: it exists, is a file and is readable. */
export async function readableFile(path: string, what: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw AppError.invalidInput(`${what}: no such file.`);
  if (!info.isFile()) throw AppError.invalidInput(`${what}: names a folder or a device, not a file.`);
  await access(path, constants.R_OK).catch(() => {
    throw AppError.invalidInput(`${what}: the file cannot be read (permissions).`);
  });
}

/** A file to write: not a folder, in a folder that exists and is writable. */
export async function writableFile(path: string, what: string): Promise<void> {
  if ((await stat(path).catch(() => undefined))?.isDirectory())
    throw AppError.invalidInput(`${what}: names a folder; give the path of a file to write.`);
  const folder = dirname(resolve(path));
  if (!(await stat(folder).catch(() => undefined))?.isDirectory())
    throw AppError.invalidInput(`${what}: the folder to write the file in does not exist.`);
  await access(folder, constants.W_OK).catch(() => {
    throw AppError.invalidInput(`${what}: the folder to write the file in is not writable.`);
  });
}
