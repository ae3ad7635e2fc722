import { floatJson, metadataJson, recordWriteJson, type RecordWriteBody } from './chroma-json';

describe('chroma-json', () => {
  it('prints integral numbers as floats and keeps other literals', () => {
    expect(floatJson(3)).toBe('3.0');
    expect(floatJson(-0)).toBe('0.0');
    expect(floatJson(2.5)).toBe('2.5');
    expect(floatJson(1e-7)).toBe('1e-7');
    expect(floatJson(1e21)).toBe('1e+21');
    expect(floatJson(1_732_147_200_123)).toBe('1732147200123.0');
  });

  it('writes metadata with float numbers, escaped strings, booleans and nulls', () => {
    const json = metadataJson({ n: 1, s: 'a "quoted" 記憶', b: false, gone: null });
    expect(json).toBe('{"n":1.0,"s":"a \\"quoted\\" 記憶","b":false,"gone":null}');
    expect(JSON.parse(json)).toEqual({ n: 1, s: 'a "quoted" 記憶', b: false, gone: null });
  });

  it('writes a record body that parses back to the same values', () => {
    const body: RecordWriteBody = {
      ids: ['a', 'b'],
      embeddings: [
        [1, 0.5],
        [0, 1],
      ],
      metadatas: [{ n: 2 }, {}],
      documents: ['x', ''],
    };
    const json = recordWriteJson(body);
    expect(json).toContain('"metadatas":[{"n":2.0},{}]');
    expect(JSON.parse(json)).toEqual(body);
    expect(recordWriteJson({ ids: ['a'], metadatas: [{ k: 1 }] })).toBe(
      '{"ids":["a"],"metadatas":[{"k":1.0}]}',
    );
  });
});
