/**
 * A link between two memories. Links are bidirectional (behaviour §2.2): one stored pair, seen from
 * either end with the same type and confidence.
 */
export const LINK_TYPES = ['similar', 'caused_by', 'leads_to', 'related'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface Link {
  sourceId: string;
  targetId: string;
  type: LinkType;
  /** 0..1 */
  confidence: number;
  note: string;
  createdAt: string;
  /** Set once consolidation has replayed this pair, so a replay strengthens a link only once. */
  replayedAt?: string;
}

/** The same link seen from the other end. */
export function reverseLink(link: Link): Link {
  return { ...link, sourceId: link.targetId, targetId: link.sourceId };
}

export function isLinkType(value: unknown): value is LinkType {
  return typeof value === 'string' && (LINK_TYPES as readonly string[]).includes(value);
}

export function clampConfidence(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
