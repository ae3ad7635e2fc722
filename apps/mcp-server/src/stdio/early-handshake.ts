/**
 * Answers an MCP client's handshake over stdio before the MCP SDK is loaded. Loading the SDK and
 * its schemas takes a few hundred milliseconds of the event loop, and a client waits for
 * `initialize` and `tools/list` before it offers kioku's tools; both answers are fixed by the code
 * (handshake.json, generated from the SDK server itself and checked by handshake.spec.ts), so they
 * are given at once. Everything else waits for the SDK.
 *
 * `done` resolves when the SDK is needed: `tools/list` answered, any other message (it must be
 * answered by the SDK), HANDSHAKE_GRACE_MS after `notifications/initialized`, or the end of input.
 * `handOver()` then gives the SDK's stdio transport its streams: the input replays every message
 * the SDK has not seen, `initialize` first (so the server records the client's capabilities, and
 * its answer, already given, is dropped from the output), then the rest of stdin.
 */
import { PassThrough, Writable, type Readable } from 'node:stream';

/** What the SDK server answers to the handshake; handshake.json holds it. */
export interface HandshakeAnswers {
  /** The protocol versions the SDK speaks, newest first: a client's is echoed if listed, else the first. */
  protocolVersions: string[];
  initialize: Record<string, unknown>;
  toolsList: Record<string, unknown>;
}

type RequestId = string | number;
interface Message {
  id?: RequestId;
  method?: string;
  params?: Record<string, unknown>;
}

const HANDSHAKE_GRACE_MS = 100;
/** Past this, the input is handed to the SDK as it is (its own limit then applies). */
const MOST_BUFFERED_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

export class EarlyHandshake {
  readonly done: Promise<void>;
  private finish!: () => void;
  private readonly held: Buffer[] = [];
  private partial: Buffer = Buffer.alloc(0);
  private buffered = 0;
  private initializeId?: RequestId;
  private initializeAnswer?: string;
  private ended = false;
  private handedOver = false;
  private readonly onData = (chunk: Buffer) => this.read(chunk);
  private readonly onEnd = () => {
    this.ended = true;
    this.finish();
  };

  constructor(
    private readonly input: Readable,
    private readonly output: NodeJS.WritableStream,
    private readonly answers: HandshakeAnswers,
    /** Told when the SDK answers the replayed `initialize` otherwise than this did (handshake.json is stale). */
    private readonly onMismatch: () => void = () => undefined,
  ) {
    this.done = new Promise((resolve) => (this.finish = resolve));
    input.on('data', this.onData);
    input.on('end', this.onEnd);
  }

  /** Whether the input ended before the hand-over (the client left). */
  get clientLeft(): boolean {
    return this.ended;
  }

  /** The streams for the SDK's StdioServerTransport; call once, after `done`. */
  handOver(): { input: Readable; output: Writable } {
    if (this.handedOver) throw new Error('the handshake was already handed over');
    this.handedOver = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    const replay = new PassThrough();
    for (const line of this.held) replay.write(line);
    if (this.partial.length > 0) replay.write(this.partial);
    if (this.ended) replay.end();
    else this.input.pipe(replay);
    return { input: replay, output: this.outputWithoutInitializeAnswer() };
  }

  private read(chunk: Buffer): void {
    this.buffered += chunk.length;
    let rest = this.partial.length > 0 ? Buffer.concat([this.partial, chunk]) : chunk;
    for (let end = rest.indexOf(NEWLINE); end >= 0; end = rest.indexOf(NEWLINE)) {
      this.take(rest.subarray(0, end + 1));
      rest = rest.subarray(end + 1);
    }
    this.partial = rest;
    if (this.buffered > MOST_BUFFERED_BYTES) this.finish();
  }

  /** One line, newline included: answered here, or held for the SDK. */
  private take(line: Buffer): void {
    const message = parse(line);
    if (this.initializeId === undefined && message && isInitialize(message)) {
      this.initializeId = message.id;
      this.held.push(line);
      this.initializeAnswer = this.answer(message.id, this.initializeResult(message));
      return;
    }
    if (this.initializeId !== undefined && message?.method === 'tools/list' && isPlainToolsList(message)) {
      this.answer(message.id as RequestId, this.answers.toolsList);
      this.finish();
      return;
    }
    this.held.push(line);
    if (
      this.initializeId !== undefined &&
      message?.method === 'notifications/initialized' &&
      !('id' in message)
    )
      setTimeout(this.finish, HANDSHAKE_GRACE_MS).unref();
    else this.finish();
  }

  private initializeResult(message: Message): Record<string, unknown> {
    const requested = message.params?.protocolVersion as string;
    const { protocolVersions } = this.answers;
    const protocolVersion = protocolVersions.includes(requested) ? requested : protocolVersions[0];
    return { protocolVersion, ...this.answers.initialize };
  }

  /** Written as the SDK's stdio transport writes a response. */
  private answer(id: RequestId, result: Record<string, unknown>): string {
    const line = `${JSON.stringify({ result, jsonrpc: '2.0', id })}\n`;
    this.output.write(line);
    return line;
  }

  /** stdout, but for the SDK's own answer to the replayed `initialize` (the client has had it). */
  private outputWithoutInitializeAnswer(): Writable {
    const { output: stdout, initializeId, initializeAnswer, onMismatch } = this;
    let dropping = initializeId !== undefined;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (dropping) {
          const message = parse(chunk);
          if (message && message.id === initializeId && !('method' in message)) {
            dropping = false;
            if (chunk.toString('utf8') !== initializeAnswer) onMismatch();
            callback();
            return;
          }
        }
        stdout.write(chunk, () => callback());
      },
    });
  }
}

function parse(line: Buffer): Message | undefined {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isId = (id: unknown): id is RequestId => typeof id === 'string' || typeof id === 'number';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A well-formed initialize request (anything less is left to the SDK, which answers with an error). */
function isInitialize(message: Message): message is Message & { id: RequestId } {
  const params = message.params;
  const client = params?.clientInfo;
  return (
    message.method === 'initialize' &&
    isId(message.id) &&
    isObject(params) &&
    typeof params.protocolVersion === 'string' &&
    isObject(params.capabilities) &&
    isObject(client) &&
    typeof client.name === 'string' &&
    typeof client.version === 'string'
  );
}

/** tools/list for the first page (a cursor goes to the SDK). */
function isPlainToolsList(message: Message): boolean {
  return (
    isId(message.id) &&
    (message.params === undefined || (isObject(message.params) && !('cursor' in message.params)))
  );
}
