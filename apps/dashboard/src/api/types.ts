/**
 * The shapes of the REST responses the dashboard reads, as the gateway's OpenAPI document
 * (/openapi.json) describes them; only the fields shown here are listed.
 */
interface Emotion {
  primary: string;
  secondary: string[];
  intensity: number;
  valence: number;
  arousal: number;
}

export interface MemoryView {
  id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  category: string;
  importance: number;
  emotion: Emotion;
  tags: string[];
  private: boolean;
  accessCount: number;
  lastAccessedAt: string | null;
}

type RecallSource = 'vector' | 'lexical' | 'context' | 'link';

export interface RecallResult extends MemoryView {
  similarity: number;
  score: number;
  source: RecallSource;
}

export interface MemoryContent {
  id: string;
  content: string;
  private: boolean;
}

export interface MemoryInspection {
  memory: MemoryView;
  links: { type: string; confidence: number; note: string; createdAt: string; memory: MemoryContent }[];
  episodes: {
    episodeId: string;
    summary: string;
    memoryIds: string[];
    startTime: string;
    endTime: string;
    importance: number;
  }[];
}

export interface DeleteRequested {
  status: 'confirmation_required';
  confirmationToken: string;
  expiresAt: string;
  preview: { id: string; content: string; createdAt: string; private: boolean };
}

export interface ForgetIds {
  forgotten: string[];
  refused: { id: string; reason: string }[];
  restorableUntil: string | null;
}

export interface TrashListing {
  total: number;
  entries: {
    id: string;
    content: string;
    private: boolean;
    category: string;
    importance: number;
    deletedAt: string;
    reason: string;
    linkCount: number;
  }[];
}

export interface ConsolidateOutput {
  mergeCandidates: { a: MemoryContent; b: MemoryContent; similarity: number }[];
  fading: MemoryContent[];
}

export interface Merged {
  keptId: string;
  removedId: string;
  linksMoved: number;
}

export interface SweepSample {
  id: string;
  risk: number;
  heat: number;
  days: number;
}

export interface SweepReport {
  scanned: number;
  toDrop: number;
  toCompress: number;
  protected: number;
  sampleIdsToDrop: SweepSample[];
  sampleIdsToCompress: SweepSample[];
  sampleIdsProtected: SweepSample[];
}

export interface SweepExecuted {
  dropped: string[];
  kept: string[];
  restorableUntil: string | null;
}

interface NamedCount {
  name: string;
  count: number;
}

/** A UTC day of the namespace's history: memories added and forgotten, and those held at its end. */
export interface HistoryDay {
  day: string;
  added: number;
  forgotten: number;
  total: number;
}

export interface NamespaceStats {
  total: number;
  private: number;
  pinned: number;
  createdPerDay: { day: string; count: number }[];
  history: HistoryDay[];
  categories: NamedCount[];
  tags: NamedCount[];
}

export interface WorkerReport {
  job: string;
  startedAt: string;
  durationMs: number;
  status: 'ok' | 'skipped' | 'failed' | 'interrupted';
  counts: Record<string, number>;
  details: Record<string, string>;
  skipReason?: string;
  error?: { code: string; message: string };
}
