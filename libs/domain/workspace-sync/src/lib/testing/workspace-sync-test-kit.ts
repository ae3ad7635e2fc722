/**
 * Helpers for workspace-sync tests: a memory builder, a logger that keeps every record (before any
 * redaction, so a test sees exactly what the library handed to the log), and the text of a file
 * (temporary directories and listings are `@kioku/testing-fakes`').
 */
import { readFile } from 'node:fs/promises';
import type { LogFields, Logger } from '@kioku/kernel';
import type { Memory } from '@kioku/memory';

export function memory(
  overrides: Partial<Omit<Memory, 'emotion'>> & { emotion?: Partial<Memory['emotion']> } = {},
): Memory {
  const { emotion, ...rest } = overrides;
  return {
    id: 'mem_000000000001',
    content: 'A quiet morning.',
    createdAt: '2026-11-21T09:05:00.000Z',
    updatedAt: '2026-11-21T09:05:00.000Z',
    category: 'daily',
    importance: 3,
    tags: [],
    isPrivate: false,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: 'test',
    ...rest,
    emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3, ...emotion },
  };
}

export interface RecordedLog {
  level: 'debug' | 'info' | 'warn' | 'error';
  event: string;
  fields: LogFields;
}

export class RecordingLogger implements Logger {
  readonly records: RecordedLog[] = [];

  debug(event: string, fields: LogFields = {}): void {
    this.records.push({ level: 'debug', event, fields });
  }
  info(event: string, fields: LogFields = {}): void {
    this.records.push({ level: 'info', event, fields });
  }
  warn(event: string, fields: LogFields = {}): void {
    this.records.push({ level: 'warn', event, fields });
  }
  error(event: string, fields: LogFields = {}): void {
    this.records.push({ level: 'error', event, fields });
  }

  /** Records at warn level or above. */
  problems(): RecordedLog[] {
    return this.records.filter((record) => record.level === 'warn' || record.level === 'error');
  }

  text(): string {
    return JSON.stringify(this.records);
  }
}

/** The text of a file, or null when it does not exist. */
export async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}
