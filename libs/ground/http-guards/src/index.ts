/** Public API of @kioku/http-guards: what kioku's HTTP servers send with every answer and which Host and Origin they accept. */
export { LOOPBACK_HOSTS, type OriginPolicy, isLoopbackHost, originViolation } from './lib/request-origin';
export { SECURITY_HEADERS } from './lib/security-headers';
