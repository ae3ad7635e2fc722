/**
 * The category and emotion names the service knows (behaviour §2.1), for the dashboard's pickers: the
 * enums of a memory in the gateway's OpenAPI document, as api/openapi.ts (generated) holds them, so
 * the browser bundle pulls in no server library and the lists never lag behind.
 */
export {
  pathsV1MemoriesIdGetResponses200ContentApplicationJsonMemoryCategoryValues as CATEGORIES,
  pathsV1MemoriesIdGetResponses200ContentApplicationJsonMemoryEmotionPrimaryValues as EMOTIONS,
} from './api/openapi';
import type { RecallResult } from './api/types';

/** How recall found a result, in the reader's words (a source the document adds fails the type check). */
export const SOURCE_LABELS: Record<RecallResult['source'], string> = {
  vector: 'meaning',
  lexical: 'words',
  link: 'link',
  context: 'context',
};
