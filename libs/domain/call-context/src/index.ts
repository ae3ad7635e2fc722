/** Public API of @kioku/call-context: who is calling, which every use case and every transport shares. */
export { type CallContext, type ProgressReporter } from './lib/call-context';
