import { fromRecord, toMetadata } from './memory-record.codec';
import type { Memory } from './memory';

describe('memory record codec', () => {
  const memory: Memory = {
    id: 'mem_0123456789ab',
    content: 'Met Alice',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    category: 'relationship',
    importance: 4,
    emotion: { primary: 'happy', secondary: ['grateful'], intensity: 0.6, valence: 0.6, arousal: 0.5 },
    tags: ['friends', '友達'],
    isPrivate: true,
    accessCount: 2,
    lastAccessedAt: '2026-11-21T10:00:00.000Z',
    embeddingModel: 'fake',
  };

  it('round-trips a memory through flat metadata, with a filterable key per tag', () => {
    const metadata = toMetadata(memory);
    expect(metadata['tag_友達']).toBe(true);
    expect(Object.values(metadata).every((v) => ['string', 'number', 'boolean'].includes(typeof v))).toBe(
      true,
    );
    expect(fromRecord({ id: memory.id, metadata, document: '' })).toEqual(memory);
    const threaded = { ...memory, precedingId: 'mem_000000000001', followingId: 'mem_000000000002' };
    expect(fromRecord({ id: memory.id, metadata: toMetadata(threaded), document: '' })).toEqual(threaded);
  });

  it('keeps as keys of their own only what reads filter on and what is rewritten in place', () => {
    expect(Object.keys(toMetadata(memory)).sort()).toEqual(
      [
        'memory',
        'createdAtMs',
        'category',
        'importance',
        'emotion',
        'isPrivate',
        'accessCount',
        'embeddingModel',
        'lastAccessedAt',
        'lastAccessedAtMs',
        'tag_friends',
        'tag_友達',
      ].sort(),
    );
  });

  it('reads a record written with every field a key of its own (before the packing)', () => {
    const flat = {
      content: memory.content,
      createdAt: memory.createdAt,
      createdAtMs: Date.parse(memory.createdAt),
      updatedAt: memory.updatedAt,
      category: memory.category,
      importance: memory.importance,
      emotion: 'happy',
      emotionSecondary: 'grateful',
      intensity: 0.6,
      valence: 0.6,
      arousal: 0.5,
      tags: JSON.stringify(memory.tags),
      isPrivate: true,
      accessCount: 2,
      lastAccessedAt: '2026-11-21T10:00:00.000Z',
      embeddingModel: 'fake',
    };
    expect(fromRecord({ id: memory.id, metadata: flat, document: '' })).toEqual(memory);
  });

  it('reads a patched access count and thread over the packed fields', () => {
    const metadata = { ...toMetadata(memory), accessCount: 7, followingId: 'mem_00000000000f' };
    expect(fromRecord({ id: memory.id, metadata, document: '' })).toMatchObject({
      accessCount: 7,
      followingId: 'mem_00000000000f',
    });
  });

  it('reads a packed scalar over the key of its name, and the key where the packed value is no scalar', () => {
    const packed = JSON.stringify({
      content: 'packed',
      createdAt: null,
      updatedAt: { at: 1 },
      tags: '["p"]',
    });
    const metadata = {
      memory: packed,
      content: 'key',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      tags: '["k"]',
    };
    expect(fromRecord({ id: 'mem_x', document: '', metadata })).toMatchObject({
      content: 'packed',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      tags: ['p'],
    });
    for (const broken of ['{not json', '[1]', '"text"', 'null']) {
      expect(
        fromRecord({ id: 'mem_x', document: '', metadata: { ...metadata, memory: broken } })?.content,
      ).toBe('key');
    }
  });

  it('reads old or foreign records tolerantly', () => {
    const read = fromRecord({
      id: 'mem_x',
      document: '',
      metadata: {
        content: 'old',
        category: 'bogus',
        importance: 'x',
        emotion: 'weird',
        isPrivate: '1',
        tags: 'a,b',
        accessCount: -3,
      },
    });
    expect(read).toMatchObject({
      category: 'daily',
      importance: 3,
      isPrivate: true,
      tags: ['a', 'b'],
      accessCount: 0,
    });
    expect(read?.emotion.primary).toBe('neutral');
    expect(fromRecord({ id: 'x', document: '', metadata: {} })).toBeNull();
    for (const value of [true, 1, '1', 'true']) {
      expect(
        fromRecord({ id: 'x', document: '', metadata: { content: 'c', isPrivate: value } })?.isPrivate,
      ).toBe(true);
    }
    expect(fromRecord({ id: 'x', document: '', metadata: { content: 'c' } })?.isPrivate).toBe(false);
  });
});
