/**
 * GraphQL over WebSocket (graphql-ws) at `/graphql`, on the HTTP server's
 * port. The bearer token comes from `connectionParams.authorization` or the
 * upgrade request's `Authorization` header and is checked in `onConnect`,
 * before any operation: 4401 for a missing or bad token, 4403 for the platform
 * credential (subscriptions are a tenant's). Operations run through
 * `yoga.getEnveloped`, the same pipeline as HTTP. Messages over 1 MiB close
 * the socket (`maxPayload`); idle connections get keep-alive pings.
 */
import type { Server } from 'node:http';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { bearerToken, type ContextFactory } from '../app/context.ts';
import type { Principal } from '../domain/tenancy/tenancy-service.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { tokenPrefix } from '../domain/tenancy/token.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { paramsProblem } from './query-limits.ts';
import { PerKeyCounter, TOO_MANY_CONNECTIONS } from './subscription-caps.ts';
import type { Yoga } from './yoga.ts';

const KEEP_ALIVE_MS = 12_000;

type Enveloped = ReturnType<Yoga['getEnveloped']>;

/** Attaches the WebSocket endpoint to `server`; returns a function that closes it. */
export function attachGraphQLWebSocket(
  server: Server,
  deps: { yoga: Yoga; contexts: ContextFactory; log: Logger; connectionsPerToken: number },
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  const connections = new PerKeyCounter(deps.connectionsPerToken);
  // The context factory's own token cache: connections arrive in bursts (a dashboard reloading).
  const { authenticate } = deps.contexts;
  server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').split('?', 1)[0] !== '/graphql') return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  const disposable = useServer<Record<string, unknown>, { principal: Principal; credential: string }>(
    {
      async onConnect(ctx) {
        const param = ctx.connectionParams?.['authorization'] ?? ctx.connectionParams?.['Authorization'];
        const header = typeof param === 'string' ? param : ctx.extra.request.headers.authorization;
        const token = bearerToken(header);
        let auth: Awaited<ReturnType<typeof authenticate>>;
        try {
          auth = await authenticate(token);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          // 1013 Try Again Later (RFC 6455 registry): the database is away, the client reconnects later.
          ctx.extra.socket.close(1013, 'Database unavailable, try again later');
          return false;
        }
        if (!auth.ok) {
          ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
        if (auth.principal.kind !== 'tenant') return false; // 4403 Forbidden
        const credential = tokenPrefix(token!)!;
        if (!connections.acquire(credential)) {
          ctx.extra.socket.close(TOO_MANY_CONNECTIONS, `Too many connections for this token (at most ${connections.limit})`);
          return false;
        }
        ctx.extra.principal = auth.principal;
        ctx.extra.credential = credential;
        // Given back when the socket closes, whatever graphql-ws still awaits then (its onClose
        // comes only after every subscription's iterator has returned).
        ctx.extra.socket.once('close', () => connections.release(credential));
        return true;
      },
      async onSubscribe(ctx, _id, payload) {
        const problem = paramsProblem(payload);
        if (problem) return [problem];
        const context = deps.contexts.forPrincipal(ctx.extra.principal!, { credential: ctx.extra.credential });
        const { schema, execute, subscribe, contextFactory, parse, validate } = deps.yoga.getEnveloped(context);
        const args: ExecutionArgs = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        let errors: readonly GraphQLError[];
        try {
          errors = validate(args.schema, args.document);
        } catch (error) {
          // graphql-js's validation throws on @skip/@include with a variable it has no value for.
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        return errors.length > 0 ? errors : args;
      },
      execute: (args) => (args.rootValue as Pick<Enveloped, 'execute'>).execute(args),
      subscribe: (args) => (args.rootValue as Pick<Enveloped, 'subscribe'>).subscribe(args),
      onError: (_ctx, _id, _payload, errors) => {
        deps.log.debug({ errors: errors.map((e) => e.message) }, 'graphql-ws operation error');
      },
    },
    wss,
    KEEP_ALIVE_MS,
  );

  // graphql-ws prints socket errors (e.g. a message over maxPayload, which ws already
  // answers with 1009) to console.error with a stack: log them like everything else.
  wss.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error) => {
      deps.log.warn({ err: { message: error.message, code: (error as NodeJS.ErrnoException).code } }, 'WebSocket closed on error');
      if (socket.readyState === socket.OPEN) socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
  });

  return async () => {
    await disposable.dispose();
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
