/**
 * An embedding engine in worker threads, so that embedding never blocks the event loop: health checks
 * and other tenants' calls are served while a long text is embedded (with the local model a
 * 16,000-character text takes ~0.17 s of CPU). The engine (the local model, an ONNX model) gives its
 * identity and how to start one of its threads; this class schedules.
 *
 * - Each thread loads its own copy of the model. `init()` (the apps call it at start) starts the first
 *   thread and the others after it; without it threads start on demand, when a pass waits while every
 *   thread is busy. An idle thread does not keep the process alive.
 * - Two lanes: texts longer than `longTextCharacters` queue in the long lane, which may use at most
 *   `threads − 1` threads, so with two threads a short text (a recall query) never waits behind long
 *   ones. With one thread the lanes share it and short batches go first.
 * - A short text that finds one thread busy and nothing else waiting waits up to `lingerMs` (default
 *   10) for another before it takes the free thread, so that requests a few ms apart share a pass (a
 *   pass of one short text costs 1.7–2.5× the CPU per text of a pass of eight); a lone call (every
 *   thread idle) starts at once, and texts that queue behind busy threads share passes anyway.
 * - Recall first: `interactive` texts (recall's query) run before `standard` ones (writes) in each
 *   lane, in passes of their own; a short pass holds at most `maxShortBatchSize` texts, which bounds
 *   how long a query waits for a thread and spreads queued queries over every thread, and standard
 *   texts are never starved (RequestBatcher: past `standardMaxWaitMs` the two take turns). Vectors do
 *   not depend on the priority.
 * - Bounded queues: a call whose texts would make a lane's queue exceed its limit fails at once with
 *   `EmbeddingBusyError` (BUSY, 503 + Retry-After at the HTTP edge), before any of its texts is queued.
 *   An interactive call counts only the interactive texts queued (they are the ones it waits behind).
 *   A call into an empty lane is always accepted, so one large batch (reembed) still goes through.
 */
import type { LocalEmbeddingsSettings } from '@kioku/config';
import type { DistanceThresholds, EmbedOptions, EmbeddingProvider, RecallWeights } from '@kioku/embeddings';
import { positiveInteger } from '@kioku/kernel';
import { assertEmbeddableTexts, EmbeddingBusyError, EmbeddingUnavailableError } from '@kioku/embeddings';
import { RequestBatcher, type BatchPriority } from '@kioku/request-batcher';
import type { EmbeddingThread } from './embedding-thread';

/** What the pool needs to know of an engine: its identity (the port's fields) and its threads. */
export interface ThreadedEngine {
  /** Names the engine in errors, e.g. `local` or `onnx`. */
  name: string;
  modelId: string;
  dimension: number;
  calibratedThresholds?: DistanceThresholds;
  recallWeights?: RecallWeights;
  /** Starts one thread with its own copy of the model. */
  startThread(): EmbeddingThread;
}

/**
 * The configured `LocalEmbeddingsSettings`, each with a default here (threads 2, long texts over 1,000
 * characters, queues of 256 short and 16 long texts, a 10 ms linger), plus the tuning that is not
 * configured.
 */
export type ThreadedEmbeddingProviderOptions = Partial<LocalEmbeddingsSettings> & {
  /** Most short texts in one pass; default 8 (see the module comment). */
  maxShortBatchSize?: number;
  /** Most standard-priority short texts in one pass; default `maxShortBatchSize`. */
  maxStandardBatchSize?: number;
  /** How long a standard text waits behind interactive passes before the two take turns; default 2,000 ms. */
  standardMaxWaitMs?: number;
  /** Most long texts in one pass; default 4 (a pass pads every text to the longest). */
  maxLongBatchSize?: number;
  /** Starts a thread (tests count or break them); default: the engine's. */
  startThread?: () => EmbeddingThread;
};

type Lane = 'short' | 'long';

interface Waiter {
  resolve(thread: EmbeddingThread): void;
  reject(error: unknown): void;
}

/** Averaged cost of one text per lane, for the Retry-After estimate (starting guesses, then measured). */
const INITIAL_MS_PER_TEXT: Record<Lane, number> = { short: 10, long: 300 };
const MOST_RETRY_AFTER_SECONDS = 60;
/**
 * Short texts per pass, of either priority: a pass of 8 costs about what a pass of 32 costs per text
 * (13–16 ms against 13–15 ms on this CPU, one pass of one text 33 ms) and ends in ~0.1 s, so a query
 * that finds both threads busy waits ~0.1 s at most, not the ~0.45 s of a pass of 32, and queries
 * queued together are spread over both threads instead of filling one long pass.
 */
const SHORT_BATCH_SIZE = 8;
/**
 * How long a standard text (a write) waits behind interactive passes before the two take turns. With
 * clients sending back to back at saturation, writes take the wait that queries do not (recall p95
 * 0.5 s with 1 s here in a model of the closed loop, 0.34 s with 2 s; remember p95 1.3 s → 2.1 s).
 */
const STANDARD_MAX_WAIT_MS = 2_000;
/** How long the threads after the first wait for a first pass before they load anyway. */
const OTHERS_AFTER_MS = 1_000;

export class ThreadedEmbeddingProvider implements EmbeddingProvider {
  readonly modelId: string;
  readonly dimension: number;
  readonly calibratedThresholds?: DistanceThresholds;
  readonly recallWeights?: RecallWeights;

  private readonly maxThreads: number;
  private readonly longTextCharacters: number;
  private readonly queueLimits: Record<Lane, number>;
  private readonly lanes: Record<Lane, RequestBatcher<string, number[]>>;
  private readonly msPerText = { ...INITIAL_MS_PER_TEXT };
  private readonly startThread: () => EmbeddingThread;
  private readonly engineName: string;

  private readonly threads = new Set<EmbeddingThread>();
  private readonly idle: EmbeddingThread[] = [];
  private readonly waiting: Record<Lane, Waiter[]> = { short: [], long: [] };
  private starting = 0;
  private disposed = false;
  private othersTimer: NodeJS.Timeout | undefined;

  constructor(engine: ThreadedEngine, options: ThreadedEmbeddingProviderOptions = {}) {
    this.engineName = engine.name;
    this.modelId = engine.modelId;
    this.dimension = engine.dimension;
    this.calibratedThresholds = engine.calibratedThresholds;
    this.recallWeights = engine.recallWeights;
    this.maxThreads = positiveInteger(options.threads ?? 2, 'threads');
    this.longTextCharacters = positiveInteger(options.longTextCharacters ?? 1000, 'longTextCharacters');
    this.queueLimits = {
      short: positiveInteger(options.maxQueuedShortTexts ?? 256, 'maxQueuedShortTexts'),
      long: positiveInteger(options.maxQueuedLongTexts ?? 16, 'maxQueuedLongTexts'),
    };
    this.startThread = options.startThread ?? (() => engine.startThread());
    this.lanes = {
      short: new RequestBatcher((texts) => this.pass('short', texts), {
        maxBatchSize: options.maxShortBatchSize ?? SHORT_BATCH_SIZE,
        normalBatchSize: options.maxStandardBatchSize,
        normalMaxWaitMs: options.standardMaxWaitMs ?? STANDARD_MAX_WAIT_MS,
        maxConcurrentRuns: this.maxThreads,
        lingerMs: options.lingerMs ?? 10,
      }),
      long: new RequestBatcher((texts) => this.pass('long', texts), {
        maxBatchSize: options.maxLongBatchSize ?? 4,
        normalMaxWaitMs: options.standardMaxWaitMs ?? STANDARD_MAX_WAIT_MS,
        // One thread stays free for short texts whenever there are two or more.
        maxConcurrentRuns: Math.max(1, this.maxThreads - 1),
      }),
    };
  }

  /**
   * Starts the first thread and waits for its model; the other threads then load in the background,
   * so that a long text soon finds a thread left for short ones: after the first pass (a first recall
   * does not share two cores with a second model loading), as a first long pass starts, after
   * `OTHERS_AFTER_MS` if no call comes, or at once when a pass waits for a thread. (Loading every
   * model at once made the first answer a second slower on two cores: `kioku bench startup`.) Fails
   * with EMBEDDING_UNAVAILABLE if the first model cannot load; a later thread that fails to start is
   * started again on demand.
   */
  async init(): Promise<void> {
    if (this.disposed) throw new EmbeddingUnavailableError(this.engineName, 'the server is shutting down');
    const missing = this.maxThreads - this.threads.size - this.starting;
    if (missing <= 0) return;
    await this.addThread();
    if (missing > 1) this.othersTimer = setTimeout(() => this.startOthers(), OTHERS_AFTER_MS).unref();
  }

  async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    assertEmbeddableTexts(texts);
    if (texts.length === 0) return [];
    if (this.disposed) throw new EmbeddingUnavailableError(this.engineName, 'the server is shutting down');
    const priority: BatchPriority = options?.priority === 'interactive' ? 'urgent' : 'normal';
    const laneOf = (text: string): Lane => (text.length > this.longTextCharacters ? 'long' : 'short');
    const byLane: Record<Lane, string[]> = { short: [], long: [] };
    for (const text of texts) byLane[laneOf(text)].push(text);
    for (const lane of ['short', 'long'] as const) this.refuseIfFull(lane, byLane[lane].length, priority);

    const [short, long] = await Promise.all([
      this.lanes.short.submit(byLane.short, priority),
      this.lanes.long.submit(byLane.long, priority),
    ]);
    const next: Record<Lane, number> = { short: 0, long: 0 };
    return texts.map((text) => {
      const lane = laneOf(text);
      return (lane === 'short' ? short : long)[next[lane]++];
    });
  }

  /** Terminates every thread; later calls fail with EMBEDDING_UNAVAILABLE. Called on container unbind. */
  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.othersTimer);
    this.idle.length = 0;
    const closed = new EmbeddingUnavailableError(this.engineName, 'the server is shutting down');
    for (const waiter of [...this.waiting.short.splice(0), ...this.waiting.long.splice(0)]) {
      waiter.reject(closed);
    }
    await Promise.all([...this.threads].map((thread) => thread.terminate()));
    this.threads.clear();
  }

  private refuseIfFull(lane: Lane, adding: number, priority: BatchPriority): void {
    const queued = this.lanes[lane].queuedAhead(priority);
    if (adding === 0 || queued === 0 || queued + adding <= this.queueLimits[lane]) return;
    const lanesThreads = lane === 'long' ? Math.max(1, this.maxThreads - 1) : this.maxThreads;
    const seconds = Math.ceil((queued * this.msPerText[lane]) / lanesThreads / 1000);
    throw new EmbeddingBusyError(this.engineName, Math.min(MOST_RETRY_AFTER_SECONDS, Math.max(1, seconds)));
  }

  private async pass(lane: Lane, texts: string[]): Promise<number[][]> {
    // A long pass holds its thread for a while: the short lane's thread starts now, not after it.
    if (lane === 'long' && this.othersTimer) this.startOthers();
    const thread = await this.acquire(lane);
    const started = performance.now();
    try {
      const vectors = await thread.embed(texts);
      const perText = (performance.now() - started) / texts.length;
      this.msPerText[lane] = 0.8 * this.msPerText[lane] + 0.2 * perText;
      return vectors;
    } catch (error) {
      throw new EmbeddingUnavailableError(this.engineName, 'the model failed to embed a batch', {
        cause: error,
      });
    } finally {
      this.release(thread);
      if (this.othersTimer) this.startOthers();
    }
  }

  /** The threads `init` left for later, started now. */
  private startOthers(): void {
    clearTimeout(this.othersTimer);
    this.othersTimer = undefined;
    while (!this.disposed && this.threads.size + this.starting < this.maxThreads)
      this.addThread().catch(() => undefined);
  }

  /**
   * An idle thread, else the next one released (short-lane passes first), starting a new thread
   * meanwhile if the pool may grow: whichever is free first serves the pass.
   */
  private acquire(lane: Lane): Promise<EmbeddingThread> {
    if (this.disposed) {
      return Promise.reject(new EmbeddingUnavailableError(this.engineName, 'the server is shutting down'));
    }
    for (let thread = this.idle.pop(); thread; thread = this.idle.pop()) {
      if (thread.alive) return Promise.resolve(thread);
      this.threads.delete(thread);
    }
    return new Promise<EmbeddingThread>((resolve, reject) => {
      this.waiting[lane].push({ resolve, reject });
      this.startThreadIfWanted();
    });
  }

  /** Threads start on demand: when a pass waits, every thread is busy and the pool may grow. */
  private startThreadIfWanted(): void {
    const waiters = this.waiting.short.length + this.waiting.long.length;
    if (this.disposed || waiters === 0 || this.threads.size + this.starting >= this.maxThreads) return;
    this.addThread().catch((error: unknown) => {
      // Waiters keep waiting if another thread will serve them; otherwise they fail now and the
      // next call tries a fresh thread.
      if (this.threads.size > 0 || this.starting > 0) return;
      for (const waiter of [...this.waiting.short.splice(0), ...this.waiting.long.splice(0)]) {
        waiter.reject(error);
      }
    });
  }

  /** Starts a thread; once its model is loaded it joins the pool and serves the next waiter. */
  private async addThread(): Promise<void> {
    this.starting += 1;
    const thread = this.startThread();
    try {
      await thread.ready;
    } catch (error) {
      throw new EmbeddingUnavailableError(this.engineName, 'the model could not be loaded', { cause: error });
    } finally {
      this.starting -= 1;
    }
    if (this.disposed) {
      await thread.terminate();
      throw new EmbeddingUnavailableError(this.engineName, 'the server is shutting down');
    }
    this.threads.add(thread);
    this.release(thread);
  }

  private release(thread: EmbeddingThread): void {
    if (!thread.alive) {
      this.threads.delete(thread);
      this.startThreadIfWanted();
      return;
    }
    const next = this.waiting.short.shift() ?? this.waiting.long.shift();
    if (next) next.resolve(thread);
    else this.idle.push(thread);
  }
}
