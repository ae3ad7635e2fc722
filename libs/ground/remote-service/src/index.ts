/** Public API of @kioku/remote-service: reaching a backend over the network (its URL and credentials, refused connections). */
export { hasConnectionErrorCode } from './lib/connection.errors';
export { basicAuthHeaders, parseServiceUrl } from './lib/service-url';
