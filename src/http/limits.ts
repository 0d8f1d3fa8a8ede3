/** Request size limit (spec § Limits): 1 MiB on every route and WebSocket message. */
export const MAX_BODY_BYTES = 1024 * 1024;
