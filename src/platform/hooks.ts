/**
 * What the inbound side of the PA connection (the Flow Service webhook
 * callback, `POST /pa/v1/flow-callbacks`) tells the outbound side: a flow
 * changed on the PA, so fetch it now instead of at the next poll.
 */
import type { Flow } from './afnor/types.ts';

/** Hooks of the running PA connector; `NO_PLATFORM_HOOKS` when none runs (PLATFORM=none). */
export interface PlatformHooks {
  /**
   * A flow changed on the PA (AFNOR XP Z12-013 1.1.0 webhook callback `{ flowInfo: Flow }`):
   * an outgoing flow's acknowledgement is re-read, an incoming one makes the status poller run at once.
   * Never throws; the work is done in the background.
   */
  flowUpdated(flow: Flow): void;
}

export const NO_PLATFORM_HOOKS: PlatformHooks = { flowUpdated: () => {} };
