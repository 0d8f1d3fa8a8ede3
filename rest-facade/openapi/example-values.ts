/**
 * What every example module of the OpenAPI document builds with: the shape of
 * an example and an RFC 9457 problem body of ours (`urn:einvoicing:problem:*`,
 * as `rest-facade/problem.ts` sends them).
 */

/** One entry of `components.examples`. */
export type Example = { summary: string; description?: string; value: unknown };

/** A problem reply: `type` is the urn's last segment (`validation-failed`); `rest` adds its other members. */
export const problem = (type: string, title: string, status: number, rest: Record<string, unknown>) => ({
  type: `urn:einvoicing:problem:${type}`,
  title,
  status,
  ...rest,
});
