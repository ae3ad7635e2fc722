import { KIOKU_POINT_ID_NAMESPACE, isUuid, pointIdOf, uuidV5 } from './qdrant-point-id.mapper';

const NAMESPACE_DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const NAMESPACE_URL = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

describe('uuidV5', () => {
  // Reference values computed with Python's uuid.uuid5.
  it('matches the reference implementation', () => {
    expect(uuidV5('python.org', NAMESPACE_DNS)).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(uuidV5('記憶-1', NAMESPACE_URL)).toBe('a479bf17-874a-59e7-9a9f-4c35b929b850');
  });

  it('derives the kioku namespace itself from a URL, so it can be reproduced', () => {
    expect(uuidV5('https://kioku.dev/qdrant/point-id', NAMESPACE_URL)).toBe(KIOKU_POINT_ID_NAMESPACE);
  });

  it('accepts an upper-case namespace and rejects a malformed one', () => {
    expect(uuidV5('python.org', NAMESPACE_DNS.toUpperCase())).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow(TypeError);
  });
});

describe('pointIdOf', () => {
  const samples: [string, string][] = [
    ['mem_abc123def456', '0435a7e2-2427-5a82-b966-7f6eee676b9d'],
    ['記憶-1', '7f49216d-75de-50f5-9eb4-95139e2f1e1a'],
    ['', 'fc9e4733-b491-5265-8443-68fcd9efa34d'],
    ['with space/slash#hash?q=1', '7266016f-0579-5703-ba29-f36eabd11af7'],
    ['🧠', '6d7d992b-821d-5dd7-8d8e-d518266b885b'],
  ];

  it.each(samples)('maps %j to a fixed version-5 UUID', (id, expected) => {
    const pointId = pointIdOf(id);
    expect(pointId).toBe(expected);
    expect(isUuid(pointId)).toBe(true);
    expect(pointId[14]).toBe('5');
    expect('89ab').toContain(pointId[19]);
  });

  it('is deterministic and keeps distinct ids apart (including look-alikes)', () => {
    const ids = ['mem_a>mem_b', 'mem_b>mem_a', 'link:mem_1:mem_2', 'MEM_A>MEM_B', 'mem_a>mem_b '];
    const pointIds = ids.map(pointIdOf);
    expect(ids.map(pointIdOf)).toEqual(pointIds);
    expect(new Set(pointIds).size).toBe(ids.length);
  });

  it('maps a UUID-looking id too (ids are never passed through)', () => {
    const id = '886313e1-3b8a-5372-9b90-0c9aee199e5d';
    expect(pointIdOf(id)).not.toBe(id);
  });
});

describe('isUuid', () => {
  it('accepts canonical UUIDs and rejects everything else', () => {
    expect(isUuid('886313E1-3B8A-5372-9B90-0C9AEE199E5D')).toBe(true);
    expect(isUuid('886313e13b8a53729b900c9aee199e5d')).toBe(false);
    expect(isUuid('42')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
