import {
  DOCUMENT_KEY,
  ID_KEY,
  LEXICAL_KEY,
  NORM_KEY,
  decodePoint,
  distanceFromScore,
  encodeMetadata,
  encodePayload,
  encodePoint,
  metadataKeyOf,
  payloadKeyOf,
  toUnitVector,
  vectorNorm,
} from './qdrant-payload.codec';
import { pointIdOf } from './qdrant-point-id.mapper';
import { SPARSE_ENCODING_VERSION } from './qdrant-sparse-vector.encoder';

describe('payload keys', () => {
  it('keeps ordinary keys, including dots, spaces and unicode', () => {
    for (const key of ['kind', 'tag_release-1.2', 'a b', '記憶', 'createdAtMs', '', '_private']) {
      expect(payloadKeyOf(key)).toBe(key);
      expect(metadataKeyOf(key)).toBe(key);
    }
  });

  it('encodes keys that use the reserved prefix or contain a quote or backslash, and decodes them back', () => {
    for (const key of ['_kioku_id', '_kioku_document', '_kioku_key_x', 'say "hi"', 'back\\slash']) {
      const stored = payloadKeyOf(key);
      expect(stored).toMatch(/^_kioku_key_[A-Za-z0-9_-]*$/);
      expect(metadataKeyOf(stored)).toBe(key);
    }
  });

  it('hides the adapter’s own keys', () => {
    expect(metadataKeyOf(ID_KEY)).toBeNull();
    expect(metadataKeyOf(DOCUMENT_KEY)).toBeNull();
    expect(metadataKeyOf(NORM_KEY)).toBeNull();
    expect(metadataKeyOf(LEXICAL_KEY)).toBeNull();
    expect(metadataKeyOf('_kioku_future')).toBeNull();
  });
});

describe('encodePayload / decodePoint', () => {
  const metadata = {
    kind: 'note',
    n: 7,
    third: 1 / 3,
    timestamp: 1_732_147_200_123,
    yes: true,
    empty: '',
    _kioku_id: 'spoof',
    'quote"d': 1,
  };

  it('writes flat metadata plus id, document and norm', () => {
    const payload = encodePayload({ id: 'mem_1', metadata, document: 'ラーメン' }, 2.5);
    expect(payload).toMatchObject({
      kind: 'note',
      n: 7,
      yes: true,
      [ID_KEY]: 'mem_1',
      [DOCUMENT_KEY]: 'ラーメン',
      [NORM_KEY]: 2.5,
    });
    expect(Object.keys(payload).filter((k) => k.startsWith('_kioku_key_'))).toHaveLength(2);
  });

  it('round-trips id, metadata and document through a JSON payload', () => {
    const payload = JSON.parse(JSON.stringify(encodePayload({ id: '記憶-1', metadata, document: 'doc' }, 1)));
    expect(decodePoint({ id: 'uuid', payload }, false)).toEqual({ id: '記憶-1', metadata, document: 'doc' });
  });

  it('encodeMetadata encodes only the given keys (for set_payload)', () => {
    expect(encodeMetadata({ n: 2.5, _kioku_norm: 3 })).toEqual({ n: 2.5, [payloadKeyOf('_kioku_norm')]: 3 });
  });

  it('restores the written vector from the unit vector and the norm', () => {
    const written = [0.25, -0.5, 0.75];
    const { unit, norm } = toUnitVector(written);
    expect(vectorNorm(unit)).toBeCloseTo(1, 12);
    const stored = unit.map((x) => Math.fround(x)); // Qdrant keeps float32
    const record = decodePoint({ id: 1, payload: { [ID_KEY]: 'a', [NORM_KEY]: norm }, vector: stored }, true);
    record.vector!.forEach((x, i) => expect(x).toBeCloseTo(written[i], 6));
  });

  it('normalises tiny vectors too (Qdrant leaves vectors below its epsilon as they are)', () => {
    const { unit, norm } = toUnitVector([1e-5, 0, 0]);
    expect(unit).toEqual([1, 0, 0]);
    expect(norm).toBeCloseTo(1e-5, 15);
  });

  it('keeps a zero vector zero', () => {
    expect(toUnitVector([0, 0])).toEqual({ unit: [0, 0], norm: 0 });
    expect(decodePoint({ id: 1, payload: { [NORM_KEY]: 0 }, vector: [0, 0] }, true).vector).toEqual([0, 0]);
  });

  it('returns vectors only when asked', () => {
    expect(decodePoint({ id: 1, payload: {}, vector: [1, 0] }, false).vector).toBeUndefined();
  });

  it('reads points written outside kioku: point id as record id, empty document, scalars only', () => {
    const record = decodePoint(
      { id: 42, payload: { city: 'Kyoto', tags: ['a'], nested: { a: 1 }, none: null }, vector: [0.6, 0.8] },
      true,
    );
    expect(record).toEqual({ id: '42', metadata: { city: 'Kyoto' }, document: '', vector: [0.6, 0.8] });
  });

  it('tolerates a missing payload and an unexpected vector shape', () => {
    expect(decodePoint({ id: 'u', payload: null, vector: { named: [1] } }, true)).toEqual({
      id: 'u',
      metadata: {},
      document: '',
    });
  });
});

describe('encodePoint / named vectors', () => {
  const record = { id: 'mem_1', vector: [0, 3, 4], metadata: { kind: 'note' }, document: 'race' };
  const sparse = { indices: [7, 9], values: [1, 0.5] };

  it('writes one unnamed dense vector for a plain collection', () => {
    expect(encodePoint(record)).toEqual({
      id: pointIdOf('mem_1'),
      vector: [0, 0.6, 0.8],
      payload: { kind: 'note', [ID_KEY]: 'mem_1', [DOCUMENT_KEY]: 'race', [NORM_KEY]: 5 },
    });
  });

  it('writes the dense vector under "" next to the sparse `text` vector, with the encoding version', () => {
    expect(encodePoint(record, sparse)).toEqual({
      id: pointIdOf('mem_1'),
      vector: { '': [0, 0.6, 0.8], text: sparse },
      payload: {
        kind: 'note',
        [ID_KEY]: 'mem_1',
        [DOCUMENT_KEY]: 'race',
        [NORM_KEY]: 5,
        [LEXICAL_KEY]: SPARSE_ENCODING_VERSION,
      },
    });
  });

  it('reads the dense vector back from a named-vector map and hides the marker', () => {
    const { payload, vector } = encodePoint(record, sparse);
    expect(decodePoint({ id: 'u', payload, vector }, true)).toEqual({
      id: 'mem_1',
      metadata: { kind: 'note' },
      document: 'race',
      vector: [0, 3, 4],
    });
  });
});

describe('distanceFromScore', () => {
  it('turns cosine similarity into cosine distance: 1 → 0, 0 → 1, −1 → 2', () => {
    expect(distanceFromScore(1)).toBe(0);
    expect(distanceFromScore(0)).toBe(1);
    expect(distanceFromScore(-1)).toBe(2);
    expect(distanceFromScore(0.75)).toBeCloseTo(0.25, 12);
  });

  it('clamps float32 overshoot to [0, 2]', () => {
    expect(distanceFromScore(1.0000001)).toBe(0);
    expect(distanceFromScore(-1.0000001)).toBe(2);
  });

  it('is monotone: higher scores give smaller distances', () => {
    const scores = [0.99, 0.5, 0.1, -0.3, -0.9];
    const distances = scores.map(distanceFromScore);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });
});
