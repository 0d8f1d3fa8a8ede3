/**
 * What every example module of the OpenAPI document builds with: the shape of
 * an example and a problem body exactly as `rest-facade/problem.ts` sends it
 * (its type, title and status, and the `detail` the facade writes for `errors`).
 */
import { PROBLEMS, type ProblemIssue, type ProblemKind, problemDetail } from '../problem.ts';

/** One entry of `components.examples`. */
export type Example = { summary: string; description?: string; value: unknown };

/**
 * A problem reply of `kind` with `members`; without a `detail`, the one the facade writes for `errors`
 * (`problemDetail`), so that an example's detail cannot differ from a real reply's.
 */
export const problem = (
  kind: ProblemKind,
  members: { detail?: string; errors?: ReadonlyArray<ProblemIssue & Record<string, unknown>> } & Record<string, unknown>,
) => ({
  ...PROBLEMS[kind],
  ...(members.detail === undefined && members.errors && { detail: problemDetail(members.errors) }),
  ...members,
});

/** An example whose value is the problem of `kind` listing `errors`, with the `detail` the facade writes for them. */
export const errorsExample = (
  summary: string,
  kind: ProblemKind,
  errors: ReadonlyArray<ProblemIssue & Record<string, unknown>>,
): Example => ({
  summary,
  value: problem(kind, { errors }),
});

/** An example whose value is the problem of `kind` with `detail`. */
export const detailExample = (summary: string, kind: ProblemKind, detail: string): Example => ({
  summary,
  value: problem(kind, { detail }),
});
