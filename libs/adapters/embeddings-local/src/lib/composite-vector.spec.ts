/** The composite: unit length, and the model's share follows vocabulary coverage. */
import { compositeVector, modelShare } from './composite-vector';

describe('compositeVector', () => {
  it('weights the model 0.8 for readable text and 0.2 for unreadable text, linearly between', () => {
    expect(modelShare(1)).toBeCloseTo(0.8, 10);
    expect(modelShare(0)).toBeCloseTo(0.2, 10);
    expect(modelShare(0.5)).toBeCloseTo(0.5, 10);
    expect(modelShare(7)).toBeCloseTo(0.8, 10);
  });

  it('concatenates the weighted parts into one unit vector', () => {
    const vector = compositeVector([1, 0], [0, 0, 1], 1);
    expect(vector).toHaveLength(5);
    expect(vector[0]).toBeCloseTo(Math.sqrt(0.8), 10);
    expect(vector[4]).toBeCloseTo(Math.sqrt(0.2), 10);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
  });

  it('gives the cosine of two composites as the share-weighted blend of the parts', () => {
    const left = compositeVector([1, 0], [1, 0], 1);
    const right = compositeVector([0, 1], [1, 0], 1);
    const cosine = left.reduce((sum, value, index) => sum + value * right[index], 0);
    expect(cosine).toBeCloseTo(0.2, 10);
  });
});
