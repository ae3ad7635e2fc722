/**
 * The local model's vectors for a batch of texts, given a loaded encoder: USE-lite's forward pass,
 * the character-gram vector and the vocabulary coverage, joined by `compositeVector`. The one
 * computation behind both the in-process provider and the embedding threads, so that both give
 * identical vectors. All of it is CPU work (the tokenizer's coverage pass grows with the text too),
 * which is why a thread runs all of it, not only the forward pass.
 */
import { charNgramVector } from './char-ngram-vectorizer';
import { compositeVector } from './composite-vector';
import type { SentenceEncoder } from './use-lite-encoder';

export const CHARACTER_GRAM_DIMENSION = 256;

/** One unit vector per text, same order; `texts` are already checked as embeddable. */
export async function localTextVectors(encoder: SentenceEncoder, texts: string[]): Promise<number[][]> {
  const modelVectors = await encoder.encode(texts);
  return texts.map((text, index) =>
    compositeVector(
      modelVectors[index],
      charNgramVector(text, CHARACTER_GRAM_DIMENSION),
      encoder.vocabularyCoverage(text),
    ),
  );
}
