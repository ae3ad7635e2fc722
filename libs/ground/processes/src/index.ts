/**
 * Public API of @kioku/processes: local processes and ports (is a pid alive, a free loopback port, what
 * a process listens on and which processes it started, the CPU it has spent).
 */
export { freeLoopbackPort } from './lib/loopback-port';
export { isProcessAlive, processStartTime } from './lib/process-liveness';
export { childProcesses, listeningSockets } from './lib/process-footprint';
export { processCpuTimes, type CpuTimes } from './lib/process-cpu';
