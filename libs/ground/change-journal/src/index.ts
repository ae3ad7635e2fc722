/** Public API of @kioku/change-journal: small events appended and followed by every process on one machine. */
export { type ChangeJournal, type JournalEvent, TOPIC_PATTERN } from './lib/change-journal';
export { FileChangeJournal, type FileChangeJournalOptions } from './lib/file-change-journal';
export { InProcessChangeJournal } from './lib/in-process-change-journal';
