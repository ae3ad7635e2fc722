/** Public API of @kioku/file-lock: one holder at a time across processes, a crashed holder's lock taken over. */
export { LockTimeoutError, acquireLock } from './lib/file-lock';
