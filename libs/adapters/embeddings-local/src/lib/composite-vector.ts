/**
 * Joins the model's vector and the character-gram vector into one unit vector.
 *
 * With both parts unit length, `[√s·model, √(1−s)·grams]` is unit length too, and the cosine of two
 * such vectors is `√(s₁s₂)·cos(model) + √((1−s₁)(1−s₂))·cos(grams)`: a per-pair blend of the two
 * similarities. `s`, the model's share, follows how much of the text the model can read:
 * - fully readable text (English): the model's share is 0.8, so its semantics dominate and
 *   the grams only add surface evidence;
 * - unreadable text (Japanese, Chinese, Korean): the share drops to 0.2. It is not dropped to zero on
 *   purpose: the model maps every unreadable text to the same point, so this part adds a constant
 *   0.2 to the similarity of two such texts. That acts as a same-script prior which puts their
 *   distances on the same scale as English ones (a Japanese paraphrase lands near 0.15, like an
 *   English one), so one set of thresholds serves both; unrelated Japanese stays beyond 0.5.
 *   Between a readable and an unreadable text the model part contributes almost nothing.
 * See calibration/RESULTS.md for the measurements behind these numbers.
 */
const MODEL_SHARE_READABLE = 0.8;
const MODEL_SHARE_UNREADABLE = 0.2;

/** The model's squared weight for a text whose vocabulary coverage is `coverage` (0..1). */
export function modelShare(coverage: number): number {
  const clamped = Math.min(1, Math.max(0, coverage));
  return MODEL_SHARE_UNREADABLE + (MODEL_SHARE_READABLE - MODEL_SHARE_UNREADABLE) * clamped;
}

/** `[√s·model, √(1−s)·grams]`, re-normalised to absorb rounding; both inputs are unit vectors. */
export function compositeVector(
  modelVector: ArrayLike<number>,
  gramVector: ArrayLike<number>,
  coverage: number,
): number[] {
  const share = modelShare(coverage);
  const modelWeight = Math.sqrt(share) / norm(modelVector);
  const gramWeight = Math.sqrt(1 - share) / norm(gramVector);
  const vector = new Array<number>(modelVector.length + gramVector.length);
  for (let index = 0; index < modelVector.length; index += 1)
    vector[index] = modelVector[index] * modelWeight;
  for (let index = 0; index < gramVector.length; index += 1) {
    vector[modelVector.length + index] = gramVector[index] * gramWeight;
  }
  const length = norm(vector);
  return vector.map((value) => value / length);
}

function norm(vector: ArrayLike<number>): number {
  let squared = 0;
  for (let index = 0; index < vector.length; index += 1) squared += vector[index] * vector[index];
  // A zero part (never seen in practice) contributes nothing instead of NaN.
  return squared > 0 ? Math.sqrt(squared) : Infinity;
}
