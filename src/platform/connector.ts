/**
 * The boundary with the accredited platform (PA). Outbound, the gateway hands
 * each submission the pipeline validated to the connector; inbound, the platform
 * reports lifecycle events, over `POST /pa/v1/lifecycle-events` (a real PA) or
 * in-process through the same GraphQL mutation (the simulated platform).
 */
import type { LifecycleEvent } from '../domain/lifecycle/lifecycle-service.ts';

export interface PlatformConnector {
  /** Hands the submission `submissionId` to the PA. Never throws: retries are the connector's business. */
  handOver(submissionId: string): void;
  /** Stops: pending work is cancelled or finished. */
  stop(): Promise<void>;
}

/** How a connector reports a lifecycle event back to the gateway. */
export type ReportLifecycleEvent = (event: LifecycleEvent) => Promise<void>;

/** No platform: validated submissions stay `validated` with no lifecycle status (PLATFORM=none). */
export const NO_PLATFORM: PlatformConnector = { handOver: () => {}, stop: async () => {} };
