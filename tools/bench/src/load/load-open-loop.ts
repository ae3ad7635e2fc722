/**
 * The open loop (`kioku bench load --rate R`): requests arrive at a constant rate whatever the answers,
 * as constant-arrival load tools drive a service (wrk2, k6's constant-arrival-rate), so a slow answer
 * cannot hold back the arrivals after it and hide its own delay. Each request is timed from its
 * scheduled arrival, not from when the driver got to send it: a driver that falls behind adds to the
 * latency it reports instead of hiding it (coordinated omission). Arrival i goes to client i mod
 * clients, which may have several requests in flight; the mix and the isolation checks are the
 * closed loop's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  closeClients,
  loadRequest,
  LoadRecorder,
  openClients,
  type LoadPlan,
  type TransportResult,
} from './load-run';

/** Requests the driver keeps outstanding at most; later arrivals wait (and their wait is measured). */
const MOST_IN_FLIGHT = 1_000;

export interface OpenLoopPlan extends LoadPlan {
  /** Arrivals per second. */
  ratePerSecond: number;
  /** How long arrivals go on. */
  seconds: number;
}

export async function runOpenLoop(plan: OpenLoopPlan): Promise<TransportResult> {
  const recorder = new LoadRecorder();
  const clients = await openClients(plan, plan.clients);
  const count = Math.max(1, Math.round(plan.ratePerSecond * plan.seconds));
  const work = Array.from({ length: count }, (_, i) =>
    loadRequest(plan, i % clients.length, Math.floor(i / clients.length)),
  );
  const interval = 1000 / plan.ratePerSecond;
  plan.progress(`${plan.transport}: ${count} arrivals at ${plan.ratePerSecond.toFixed(1)}/s`);
  const inFlight = new Set<Promise<void>>();
  recorder.start(plan);
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait >= 1) await sleep(wait);
      while (inFlight.size >= MOST_IN_FLIGHT) await Promise.race(inFlight);
      const client = i % clients.length;
      const { namespace } = plan.keys[client % plan.keys.length];
      const sent: Promise<void> = recorder
        .send(clients[client], namespace, work[i], due)
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
  } finally {
    await closeClients(clients);
  }
  const result = await recorder.result(plan, clients.length, (performance.now() - started) / 1000);
  return { ...result, offeredRate: plan.ratePerSecond };
}
