/**
 * Prometheus metrics of the gateway, in a registry of its own. Labels are closed sets only: HTTP
 * method, route template (`/v1/memories/:id`, never the path), status code, operation name, reason
 * words. No label ever carries an id, a namespace, a key or any content (behaviour §10).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The MCP tools, so that a tool name from a request becomes a label only if it is one of these. */
const MCP_TOOL_NAMES = new Set([
  'wake_up',
  'remember',
  'remember_batch',
  'recall',
  'update_memory',
  'link_memories',
  'forget',
  'restore',
  'consolidate',
  'merge_memories',
  'create_episode',
  'get_episode',
]);

export type AuthFailureReason = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'anonymous_refused';

export class GatewayMetrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'kioku_http_requests_total',
    help: 'HTTP requests by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly durations = new Histogram({
    name: 'kioku_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly operations = new Counter({
    name: 'kioku_operations_total',
    help: 'Use-case invocations by operation and transport (rest or mcp).',
    labelNames: ['operation', 'transport'] as const,
    registers: [this.registry],
  });

  private readonly authFailures = new Counter({
    name: 'kioku_http_auth_failures_total',
    help: 'Requests refused for authentication, by reason.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly rateLimited = new Counter({
    name: 'kioku_http_rate_limited_total',
    help: 'Requests refused by the per-key rate limit.',
    registers: [this.registry],
  });

  private readonly connectionsRefused = new Counter({
    name: 'kioku_http_connections_refused_total',
    help: 'Connections refused because their address held too many connections not in a request.',
    registers: [this.registry],
  });

  private readonly sessions = new Gauge({
    name: 'kioku_mcp_sessions',
    help: 'Open MCP sessions at /mcp.',
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'kioku_' });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  countOperation(operation: string, transport: 'rest' | 'mcp'): void {
    this.operations.inc({ operation, transport });
  }

  /** Counts an MCP `tools/call`; unknown tool names are counted as `other`. */
  countMcpTool(name: unknown): void {
    this.countOperation(typeof name === 'string' && MCP_TOOL_NAMES.has(name) ? name : 'other', 'mcp');
  }

  countAuthFailure(reason: AuthFailureReason): void {
    this.authFailures.inc({ reason });
  }

  countRateLimited(): void {
    this.rateLimited.inc();
  }

  countConnectionRefused(): void {
    this.connectionsRefused.inc();
  }

  setMcpSessions(count: number): void {
    this.sessions.set(count);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
