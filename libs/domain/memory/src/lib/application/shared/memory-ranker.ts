/**
 * The recall ranking pipeline (behaviour §4.2 steps 1–6), each later stage kept on the evidence of the
 * retrieval benchmark (docs/retrieval.md):
 * 1. the dense ranking (the query's vector) and the lexical ranking (BM25 over the namespace's
 *    index), searched at once with the filters inside the store and the index;
 * 2. their weighted score fusion (and, when configured, a feedback pass), then evidence chains over
 *    the hits' links, temporal contiguity along conversation threads, the label key and the time key;
 * 3. decay, emotion and importance scoring; Hopfield completion when configured;
 * 4. the top n (spread over the answer's parts when diversity is configured), then spreading
 *    activation: linked neighbours of the direct hits fill the places the direct hits leave free, so
 *    a link never pushes a direct hit out of the top n.
 * It reads only: recall adds access tracking, forget's query mode does not.
 */
import { inject, injectable } from 'inversify';
import { toSimilarity } from '@kioku/kernel';
import { LinkRepository } from '@kioku/links';
import { matchesFilter, type Filter } from '@kioku/vector-store';
import { analyzeText, cosineDistance } from '@kioku/similarity';
import type { Memory } from '../../domain/memory';
import {
  coveredDenseWeight,
  fuseScores,
  lexicalCoverage,
  withContiguity,
  type ThreadNeighbours,
} from '../../domain/fusion';
import { recallScore } from '../../domain/scoring';
import { feedbackQuery } from '../../domain/feedback';
import { withChains } from '../../domain/evidence-chains';
import { withLabelKey } from '../../domain/label-key';
import { withTimeKey } from '../../domain/time-key';
import { diversify } from '../../domain/diversity';
import { blendWithHopfield, hopfieldComplete } from '../../domain/hopfield';
import { toMetadata } from '../../domain/memory-record.codec';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { MemorySettings } from '../../memory-settings';
import { MemoryRepository, type StoredMemory } from '../memory.repository';
import { QueryVectorCache } from './query-vector-cache';
import { RecallLinks } from './recall-links';

/** How deep each ranking is read: wide enough for fusion to lift a hit ranked low by one side. */
const RANKING_DEPTH = 50;
/** How many of the best fused candidates have their thread neighbours read. */
const CONTEXT_DEPTH = 20;
const SPREAD_FACTOR = 0.3;
/** How many of the best first hits lend their words to the feedback pass, and how many words at most. */
const FEEDBACK_HITS = 3;
const FEEDBACK_TERMS = 30;

export interface RankedMemory {
  memory: Memory;
  /** Cosine similarity of the memory to the query, 0..1. */
  similarity: number;
  score: number;
  /** What earned its place: its meaning, its words, the memories said next to it, or a link. */
  source: 'vector' | 'lexical' | 'context' | 'link';
}

interface Candidate {
  stored: StoredMemory;
  /** Cosine similarity to the query; measured lazily for candidates the dense search did not return. */
  similarity?: number;
  source: RankedMemory['source'];
  score: number;
}

/** What one recall searches for, and how deep. */
interface Search {
  namespace: string;
  query: string;
  filter: Filter | undefined;
  depth: number;
  withVectors: boolean;
}

@injectable()
export class MemoryRanker {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(QueryVectorCache) private readonly queryVectors: QueryVectorCache,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
  ) {}

  /** The best `n` memories for the query, best first. */
  async rank(
    namespace: string,
    query: string,
    n: number,
    filter: Filter | undefined,
    now: Date,
  ): Promise<RankedMemory[]> {
    const search: Search = {
      namespace,
      query,
      filter,
      depth: Math.max(RANKING_DEPTH, 3 * n),
      // Vectors are heavy to read; only Hopfield needs every candidate's (the results' are read at the end).
      withVectors: this.settings.hopfield,
    };
    const { vector, denseHits, lexicalHits } = await this.searchBoth(search);
    const fused = fuseScores(
      denseHits.map((h) => ({ id: h.memory.id, similarity: toSimilarity(h.distance) })),
      lexicalHits.map((h) => ({ id: h.memory.id, score: h.score })),
      this.denseWeightFor(query, lexicalHits[0]?.memory.content),
    );
    const pool = new Map<string, Candidate>();
    for (const hit of denseHits) {
      const candidate = this.candidate(hit, fused.get(hit.memory.id)!.source);
      pool.set(hit.memory.id, { ...candidate, similarity: toSimilarity(hit.distance) });
    }
    for (const hit of lexicalHits) {
      if (!pool.has(hit.memory.id)) pool.set(hit.memory.id, this.candidate(hit, 'lexical'));
    }
    const relevance = await this.inContext(
      search,
      pool,
      new Map([...fused].map(([id, f]) => [id, f.relevance])),
    );
    const links = new RecallLinks(this.links, namespace);
    const scoreOf = this.scoring([...pool.values()], relevance, links, vector, now);
    // Direct hits first; linked neighbours only take the places they leave free.
    const isDirect = (c: Candidate) =>
      fused.has(c.stored.memory.id) || (relevance.get(c.stored.memory.id) ?? 0) > 0;
    const direct = [...pool.values()].filter(isDirect);
    const rest = [...pool.values()].filter((c) => !isDirect(c));
    await this.rankExactly(direct, this.settings.diversity > 0 ? 3 * n : n, scoreOf, links);
    const ranked = this.topOf(direct, n);
    if (ranked.length < n && this.settings.spreading) {
      ranked.push(...(await this.spreadFrom(search, ranked, links, pool, n - ranked.length)));
    }
    if (ranked.length < n) {
      const placed = new Set(ranked.map((c) => c.stored.memory.id));
      const others = rest.filter((c) => !placed.has(c.stored.memory.id));
      await this.rankExactly(others, n - ranked.length, scoreOf, links);
      ranked.push(...others.slice(0, n - ranked.length));
    }
    await this.measureSimilarity(namespace, ranked, vector);
    return ranked.map((c) => ({
      memory: c.stored.memory,
      similarity: c.similarity ?? 0,
      score: c.score,
      source: c.source,
    }));
  }

  /** The fusion's dense weight for this query: more when its best lexical hit covers little of it. */
  private denseWeightFor(query: string, bestLexicalHit: string | undefined): number {
    const { denseWeight, coverage } = this.settings;
    if (!coverage || bestLexicalHit === undefined) return denseWeight;
    return coveredDenseWeight(denseWeight, lexicalCoverage(analyzeText(query), analyzeText(bestLexicalHit)));
  }

  /** Stage 1: the dense and the lexical ranking. The lexical search runs while the query is embedded. */
  private async searchBoth({ namespace, query, depth, filter, withVectors }: Search) {
    const { denseWeight } = this.settings;
    const queryVector = this.queryVectors.vectorFor(namespace, query);
    // In the next turn of the event loop: the embedder sends the query on in its own next turn, and a
    // store that searches synchronously (SQLite) would otherwise finish searching before it is sent.
    const lexical =
      denseWeight < 1
        ? nextTurn().then(() => this.memories.matchingText(namespace, query, depth, filter, { withVectors }))
        : Promise.resolve([]);
    const [vector, denseHits, lexicalHits] = await Promise.all([
      queryVector,
      denseWeight > 0
        ? queryVector.then((v) => this.memories.nearest(namespace, v, depth, filter, { withVectors }))
        : Promise.resolve([]),
      lexical,
    ]);
    return { vector, denseHits, lexicalHits };
  }

  /**
   * Stage 2, after fusion: the feedback pass, then evidence chains over the links among the hits,
   * temporal contiguity along conversation threads, the label key and the time key. Feedback and the
   * thread add to the pool.
   */
  private async inContext(
    search: Search,
    pool: Map<string, Candidate>,
    fusedRelevance: Map<string, number>,
  ): Promise<Map<string, number>> {
    const { denseWeight, contiguity, feedback, chains, labelKey, timeKey } = this.settings;
    let relevance = fusedRelevance;
    const following = contiguity > 0 && relevance.size > 0;
    const feedbackRuns = feedback > 0 && denseWeight < 1 && relevance.size > 0;
    // With a feedback search to wait for, the thread neighbours of the best hits so far are read meanwhile.
    const early =
      following && feedbackRuns
        ? this.readNeighbours(search, pool, relevance, new Map())
        : Promise.resolve(new Map<string, StoredMemory | null>());
    early.catch(() => undefined); // awaited below; a failure then fails the recall
    if (feedbackRuns) relevance = await this.withFeedback(search, pool, relevance);
    // The links among the hits are read while the thread is followed (which adds to the pool).
    const [links, thread] = await Promise.all([
      chains > 0 ? this.links.linksAmong(search.namespace, [...pool.keys()]) : Promise.resolve([]),
      following ? this.threadAround(search, pool, relevance, early) : Promise.resolve(undefined),
    ]);
    if (chains > 0) relevance = withChains(relevance, links, chains);
    if (thread) relevance = withContiguity(relevance, thread, contiguity);
    const contents = new Map([...pool].map(([id, c]) => [id, c.stored.memory.content]));
    if (labelKey > 0) relevance = withLabelKey(relevance, contents, search.query, labelKey);
    if (timeKey > 0) relevance = withTimeKey(relevance, contents, search.query, timeKey);
    return relevance;
  }

  /**
   * Stage 3: decay, emotion and importance scoring, Hopfield completion (over every candidate) when
   * configured. The score of a candidate whose links are unread is a bound: its strongest link taken
   * as 1, which no link exceeds, and a score only grows with it (blending with Hopfield keeps that).
   */
  private scoring(
    candidates: Candidate[],
    relevance: Map<string, number>,
    links: RecallLinks,
    vector: number[],
    now: Date,
  ): (c: Candidate) => number {
    const { hopfield, scoring } = this.settings;
    const base = (c: Candidate) => {
      const r = relevance.get(c.stored.memory.id) ?? 0;
      return scoring ? recallScore(r, c.stored.memory, links.strongestOrBound(c.stored.memory.id), now) : r;
    };
    if (!hopfield || candidates.length < 2) return base;
    for (const c of candidates) c.similarity ??= cosineSimilarity(vector, c.stored.vector);
    const completed = hopfieldComplete(
      candidates.map((c) => c.stored.vector),
      vector,
    );
    return (c) => blendWithHopfield([base(c)], [c.stored.vector], completed)[0];
  }

  /**
   * Sorts the candidates best first, reading links until the first `places` are scored exactly: every
   * other candidate then scores no higher than its bound, which ranks below them.
   */
  private async rankExactly(
    candidates: Candidate[],
    places: number,
    scoreOf: (c: Candidate) => number,
    links: RecallLinks,
  ): Promise<void> {
    for (;;) {
      for (const c of candidates) c.score = scoreOf(c);
      candidates.sort(byScore);
      if (!this.settings.scoring) return; // without scoring, links change no score
      const unread = candidates.slice(0, places).filter((c) => !links.isRead(c.stored.memory.id));
      if (unread.length === 0) return;
      await links.readFor(unread.map((c) => c.stored.memory.id));
    }
  }

  /** The best n, spread over the answer's parts when diversity is on. */
  private topOf(candidates: Candidate[], n: number): Candidate[] {
    const { diversity } = this.settings;
    if (diversity <= 0) return candidates.slice(0, n);
    const head = candidates
      .slice(0, 3 * n)
      .map((c) => ({ c, score: c.score, terms: new Set(analyzeText(c.stored.memory.content)) }));
    return diversify(head, n, diversity)
      .slice(0, n)
      .map((d) => d.c);
  }

  /**
   * Pseudo-relevance feedback: a second lexical search with the query expanded by words of the best
   * first hits; its min-max normalised scores, × the feedback weight, add to the relevance, and its
   * hits join the pool.
   */
  private async withFeedback(
    { namespace, query, depth, filter, withVectors }: Search,
    pool: Map<string, Candidate>,
    relevance: Map<string, number>,
  ): Promise<Map<string, number>> {
    const best = [...relevance.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, FEEDBACK_HITS)
      .map(([id]) => pool.get(id)!.stored.memory.content);
    const expanded = feedbackQuery(query, best, FEEDBACK_TERMS);
    const hits = await this.memories.matchingText(namespace, expanded, depth, filter, { withVectors });
    for (const hit of hits)
      if (!pool.has(hit.memory.id)) pool.set(hit.memory.id, this.candidate(hit, 'lexical'));
    const second = fuseScores(
      [],
      hits.map((h) => ({ id: h.memory.id, score: h.score })),
      0,
    );
    const result = new Map(relevance);
    for (const [id, f] of second)
      result.set(id, (result.get(id) ?? 0) + this.settings.feedback * f.relevance);
    return result;
  }

  private candidate(stored: StoredMemory, source: RankedMemory['source']): Candidate {
    return { stored, source, score: 0 };
  }

  /** Cosine similarity of the results the dense search did not measure, from their vectors. */
  private async measureSimilarity(
    namespace: string,
    results: Candidate[],
    queryVector: number[],
  ): Promise<void> {
    const unmeasured = results.filter((c) => c.similarity === undefined);
    const missing = unmeasured.filter((c) => c.stored.vector.length === 0).map((c) => c.stored.memory.id);
    const vectors = new Map(
      (await this.memories.get(namespace, missing, true)).map((s) => [s.memory.id, s.vector] as const),
    );
    for (const c of unmeasured) {
      const vector = c.stored.vector.length > 0 ? c.stored.vector : vectors.get(c.stored.memory.id);
      c.similarity = vector ? cosineSimilarity(queryVector, vector) : 0;
    }
  }

  /**
   * Reads the thread neighbours (saved just before or after, as each memory records them) of the best
   * fused candidates by id, adds the ones that match the filter to the pool, and returns the thread
   * order among everything in it.
   */
  private async threadAround(
    search: Search,
    pool: Map<string, Candidate>,
    relevance: Map<string, number>,
    early: Promise<Map<string, StoredMemory | null>>,
  ): Promise<ThreadNeighbours> {
    const neighbours = await this.readNeighbours(search, pool, relevance, await early);
    for (const stored of neighbours.values()) {
      if (!stored || pool.has(stored.memory.id)) continue;
      if (search.filter && !matchesFilter(search.filter, toMetadata(stored.memory))) continue;
      pool.set(stored.memory.id, this.candidate(stored, 'context'));
    }
    const thread: ThreadNeighbours = { preceding: new Map(), following: new Map() };
    const follow = (before: string, after: string) => {
      thread.preceding.set(after, before);
      const following = thread.following.get(before) ?? [];
      if (!following.includes(after)) thread.following.set(before, [...following, after]);
    };
    for (const { stored } of pool.values()) {
      if (stored.memory.precedingId) follow(stored.memory.precedingId, stored.memory.id);
      if (stored.memory.followingId) follow(stored.memory.id, stored.memory.followingId);
    }
    return thread;
  }

  /**
   * The thread neighbours of the best candidates by relevance that are not in the pool, by id (null:
   * not stored), reading from the store only those `known` does not hold.
   */
  private async readNeighbours(
    { namespace, withVectors }: Search,
    pool: Map<string, Candidate>,
    relevance: Map<string, number>,
    known: Map<string, StoredMemory | null>,
  ): Promise<Map<string, StoredMemory | null>> {
    const best = [...relevance.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, CONTEXT_DEPTH)
      .map(([id]) => id);
    const wanted = new Set<string>();
    for (const id of best) {
      const { precedingId, followingId } = pool.get(id)!.stored.memory;
      for (const neighbour of [precedingId, followingId])
        if (neighbour && !pool.has(neighbour)) wanted.add(neighbour);
    }
    const unread = [...wanted].filter((id) => !known.has(id));
    const read = new Map(
      (await this.memories.get(namespace, unread, withVectors)).map((s) => [s.memory.id, s]),
    );
    return new Map([...wanted].map((id) => [id, known.has(id) ? known.get(id)! : (read.get(id) ?? null)]));
  }

  /**
   * Spreading activation: the linked neighbours of the direct hits, each scored `parentScore · 0.3 ·
   * confidence` (its best parent counts), best first, at most `free` of them, read from the store when
   * they are not in the pool yet and kept only when they match the filter.
   */
  private async spreadFrom(
    { namespace, filter }: Search,
    parents: Candidate[],
    links: RecallLinks,
    pool: Map<string, Candidate>,
    free: number,
  ): Promise<Candidate[]> {
    const taken = new Set(parents.map((p) => p.stored.memory.id));
    await links.readFor([...taken]);
    const spread = new Map<string, number>();
    for (const parent of parents) {
      for (const link of links.from(parent.stored.memory.id)) {
        if (taken.has(link.targetId)) continue;
        const score = parent.score * SPREAD_FACTOR * link.confidence;
        if (score > (spread.get(link.targetId) ?? -Infinity)) spread.set(link.targetId, score);
      }
    }
    const best = [...spread.entries()].sort((a, b) => b[1] - a[1]).slice(0, free);
    const missing = best.map(([id]) => id).filter((id) => !pool.has(id));
    for (const stored of await this.memories.get(namespace, missing)) {
      if (filter && !matchesFilter(filter, toMetadata(stored.memory))) continue;
      pool.set(stored.memory.id, this.candidate(stored, 'link'));
    }
    return best.flatMap(([id, score]) => {
      const candidate = pool.get(id);
      return candidate ? [{ ...candidate, score, source: 'link' as const }] : [];
    });
  }
}

function cosineSimilarity(a: number[], b: number[]): number {
  return toSimilarity(cosineDistance(a, b));
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || (a.stored.memory.id < b.stored.memory.id ? -1 : 1);
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
