import { runInNewContext } from 'node:vm';
import { AppError, type LogRecord } from '@kioku/kernel';
import { REDACTED_FIELD, REDACTED_MEMORY, REDACTED_OUTPUT, redact } from './redact';
import { RedactingLogger } from './redacting-logger';

describe('redact', () => {
  it('reduces a private remember call to harmless metadata (design note 003 §6)', () => {
    const args = {
      content: 'my secret',
      private: true,
      tags: ['t1'],
      secondary: ['sad'],
      emotion: 'anxious',
      category: 'feeling',
      importance: 4,
    };
    expect(redact({ tool: 'remember', args })).toEqual({
      tool: 'remember',
      args: {
        content: REDACTED_MEMORY,
        content_length: 9,
        private: true,
        tags: REDACTED_FIELD,
        secondary: REDACTED_FIELD,
        emotion: REDACTED_FIELD,
        category: 'feeling',
        importance: 4,
      },
    });
  });

  it('leaves public calls as they are', () => {
    const record = { tool: 'remember', args: { content: 'public', private: false, tags: ['x'] } };
    expect(redact(record)).toEqual(record);
  });

  it('taints a whole record that involves a private memory: results, the text that quotes them, the args', () => {
    const output = {
      text: '1. my secret (id: mem_a, private: true)\n2. hello (id: mem_b, private: false)',
      structured: {
        results: [
          { id: 'mem_a', content: 'my secret', private: true },
          { id: 'mem_b', content: 'hello', private: false },
        ],
      },
    };
    const safe = redact({ args: { query: 'my secret' }, output }) as {
      args: { query: string };
      output: { text: string; structured: { results: { id: string; content: string }[] } };
    };
    expect(safe.output.text).toBe(REDACTED_OUTPUT);
    expect(safe.output.structured.results.map((r) => [r.id, r.content])).toEqual([
      ['mem_a', REDACTED_MEMORY],
      ['mem_b', REDACTED_MEMORY],
    ]);
    expect(safe.args.query).toBe(REDACTED_FIELD);
  });

  it('honours a caller-set involvesPrivate flag (an update of a private memory carries no private flag in its args)', () => {
    const record = {
      tool: 'update_memory',
      involvesPrivate: true,
      args: { memory_id: 'mem_a', content: 'my secret', tags: ['x'] },
    };
    expect(redact(record)).toEqual({
      tool: 'update_memory',
      involvesPrivate: true,
      args: { memory_id: 'mem_a', content: REDACTED_MEMORY, content_length: 9, tags: REDACTED_FIELD },
    });
  });

  it('keeps an AppError message and code but drops other errors’ messages', () => {
    expect(redact({ error: new AppError('MEMORY_NOT_FOUND', 'Memory not found: mem_x') })).toEqual({
      error: { name: 'AppError', code: 'MEMORY_NOT_FOUND', message: 'Memory not found: mem_x' },
    });
    const raw = Object.assign(new Error('failed to store "my secret"'), { code: 'ECONNRESET' });
    expect(JSON.stringify(redact({ error: raw }))).not.toContain('my secret');
  });

  it('describes an error made in another realm by its name and code, not as an empty object', () => {
    const foreign: unknown = runInNewContext(
      "Object.assign(new TypeError('fetch failed for \"my secret\"'), { code: 'UND_ERR_SOCKET' })",
    );
    expect(foreign instanceof Error).toBe(false);
    expect(redact({ error: foreign })).toEqual({ error: { name: 'TypeError', code: 'UND_ERR_SOCKET' } });
  });
});

describe('RedactingLogger', () => {
  it('filters by level and sends every record through redaction', () => {
    const written: LogRecord[] = [];
    const logger = new RedactingLogger({ write: (record) => written.push(record) }, 'info', {
      now: () => new Date(),
    });
    logger.debug('hidden', {});
    logger.info('tool.invoke', { tool: 'remember', args: { content: 'CANARY', private: true } });
    expect(written.map((r) => r.event)).toEqual(['tool.invoke']);
    expect(JSON.stringify(written)).not.toContain('CANARY');
  });
});

describe('redact: kept metadata only in the shape the service writes it', () => {
  it('redacts a private record’s category, importance and date filters when they are raw input', () => {
    const record = redact({
      private: true,
      args: {
        category: 'CANARY diagnosis',
        importance: 'CANARY',
        date_from: 'CANARY last week',
        date_to: '2026-11-24',
      },
    }) as { args: Record<string, unknown> };
    expect(JSON.stringify(record)).not.toContain('CANARY');
    expect(record.args).toMatchObject({
      category: '[REDACTED_PRIVATE_FIELD]',
      importance: '[REDACTED_PRIVATE_FIELD]',
      date_from: '[REDACTED_PRIVATE_FIELD]',
      date_to: '2026-11-24',
    });
  });

  it('keeps well-formed values', () => {
    expect(
      redact({ private: true, category: 'feeling', importance: 4, date_from: '2026-11-01T10:00:00Z' }),
    ).toEqual({
      private: true,
      category: 'feeling',
      importance: 4,
      date_from: '2026-11-01T10:00:00Z',
    });
  });
});
