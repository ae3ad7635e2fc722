/** Public API of @kioku/processes: local processes and ports (is a pid alive, a free loopback port). */
export { freeLoopbackPort } from './lib/loopback-port';
export { isProcessAlive, processStartTime } from './lib/process-liveness';
