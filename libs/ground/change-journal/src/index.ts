/** Public API of @kioku/change-journal: small events appended and followed by every process on one machine. */
export { type ChangeJournal } from './lib/change-journal';
export { FileChangeJournal } from './lib/file-change-journal';
export { InProcessChangeJournal } from './lib/in-process-change-journal';
