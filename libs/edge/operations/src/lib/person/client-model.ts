/**
 * The model of the caller's client, when it lends it (MCP sampling): kioku may ask it to draft a
 * short text — an episode's summary — and the client asks its person first, as it sees fit. Only
 * public memories' texts are ever sent; what comes back is saved only where the call asked for it.
 */
export interface DraftRequest {
  /** What to write, for the model. */
  instructions: string;
  /** The material, one entry each (public memories' texts only). */
  texts: string[];
  /** The longest answer used (longer ones are cut). */
  maxCharacters: number;
  /** How long to wait for the draft. */
  timeoutMs: number;
}

/** Why no draft came back: the client refused or failed, or its answer held no text. */
type DraftRefusal = 'refused' | 'empty';

export type DraftAnswer = { drafted: string } | { refused: DraftRefusal };

export interface ClientModel {
  draft(request: DraftRequest): Promise<DraftAnswer>;
}
