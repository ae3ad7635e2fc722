/**
 * Modern continuous Hopfield completion (behaviour §4.2 step 4): the query is pulled towards the stored
 * pattern it resembles most, `ξ ← normalise(Xᵀ softmax(β·Xξ))`, and each candidate's score is blended
 * with its agreement with the completed pattern.
 */
import { dot, normalize } from '@kioku/similarity';

interface HopfieldOptions {
  beta: number;
  maxIterations: number;
  tolerance: number;
}

const DEFAULT_HOPFIELD: HopfieldOptions = { beta: 4, maxIterations: 3, tolerance: 1e-5 };

/** The completed query pattern ξ for unit-normalised patterns X. */
export function hopfieldComplete(
  patterns: number[][],
  query: number[],
  options = DEFAULT_HOPFIELD,
): number[] {
  if (patterns.length === 0) return normalize(query);
  const unitPatterns = patterns.map((p) => normalize(p));
  let xi = normalize(query);
  for (let i = 0; i < options.maxIterations; i++) {
    const weights = softmax(unitPatterns.map((p) => options.beta * dot(p, xi)));
    const next = new Array<number>(xi.length).fill(0);
    unitPatterns.forEach((p, k) => {
      for (let j = 0; j < next.length; j++) next[j] += weights[k] * p[j];
    });
    const normalized = normalize(next);
    const moved = Math.sqrt(normalized.reduce((sum, v, j) => sum + (v - xi[j]) ** 2, 0));
    xi = normalized;
    if (moved < options.tolerance) break;
  }
  return xi;
}

/** `0.6·score + 0.4·(x_i·ξ)` for each candidate. */
export function blendWithHopfield(scores: number[], patterns: number[][], xi: number[]): number[] {
  return scores.map((score, i) => 0.6 * score + 0.4 * dot(normalize(patterns[i]), xi));
}

function softmax(values: number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}
