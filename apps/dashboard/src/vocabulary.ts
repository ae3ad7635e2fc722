/**
 * The category and emotion names the service knows (behaviour §2.1), for the dashboard's pickers.
 * The gateway normalises anything else, so a list that lags behind only limits the choices offered.
 * A copy of the kernel's lists on purpose: the browser bundle must not pull in server libraries.
 */
export const CATEGORIES = [
  'daily',
  'philosophical',
  'technical',
  'memory',
  'observation',
  'feeling',
  'conversation',
  'introspection',
  'relationship',
  'self_discovery',
  'dream',
  'lesson',
] as const;

export const EMOTIONS = [
  'happy',
  'sad',
  'surprised',
  'moved',
  'excited',
  'nostalgic',
  'curious',
  'neutral',
  'melancholy',
  'anxious',
  'contentment',
  'frustrated',
  'calm',
  'contemplative',
  'thoughtful',
  'grateful',
  'vulnerable',
  'content',
  'fulfilled',
  'touched',
  'concerned',
  'hopeful',
  'peaceful',
  'love',
  'warm',
  'lonely',
  'afraid',
  'ashamed',
  'bored',
  'angry',
] as const;

/** How recall found a result, in the reader's words. */
export const SOURCE_LABELS: Record<string, string> = {
  vector: 'meaning',
  lexical: 'words',
  link: 'link',
  context: 'context',
};
