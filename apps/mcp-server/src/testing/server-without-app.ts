/** A real MCP server whose app never starts: enough for the handshake and anything that needs no store. */
import { SystemClock } from '@kioku/kernel';
import { createMcpServer } from '@kioku/mcp-tools';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink } from '@kioku/testing-fakes';

export function serverWithoutApp(callerId: string) {
  const clock = new SystemClock();
  const services = {
    container: new Promise<never>(() => undefined),
    logger: new RedactingLogger(new CapturingLogSink(), 'warn', clock),
    clock,
  };
  return createMcpServer(services, { namespace: 'default', callerId });
}
