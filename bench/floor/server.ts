/**
 * THE FLOOR — a benchmark reference, not a product. Never deploy it.
 *
 * The least work one could hand-write to take an invoice submission on this
 * machine: `node:http` plus postgres.js, nothing else. It reads the body with
 * the gateway's 1 MiB cap (counted while it streams, 413 over), parses the
 * JSON once, compares the bearer token with a constant, checks the currency
 * against the gateway's supported list, and stores the body with one INSERT
 * into `floor_submissions`, which has the same unique indexes as
 * `submissions` (tenant, document type, number) and (tenant, document type,
 * SaaS id); it replies 202 with a small record. `GET /v1/invoices/:id` is one
 * SELECT by id. No GraphQL, no validation beyond currency, no idempotency
 * table, no tenants table: one tenant, the constant token's.
 *
 * The benchmark compares the gateway with this: the gap is what the
 * gateway's extra work (and waste) costs.
 *
 * Environment: FLOOR_DATABASE_URL (postgres://…), FLOOR_TOKEN, FLOOR_POOL_SIZE
 * (default 10, same as the gateway's DB_POOL_SIZE), PORT, HOST (127.0.0.1).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import postgres from 'postgres';
import { SUPPORTED_CURRENCIES } from '../../src/domain/rules/index.ts';

const MAX_BODY_BYTES = 1024 * 1024;
const TENANT_ID = '00000000-0000-4000-8000-00000000f100';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const databaseUrl = process.env.FLOOR_DATABASE_URL;
if (!databaseUrl) throw new Error('FLOOR_DATABASE_URL is required');
const expectedAuthorization = `Bearer ${process.env.FLOOR_TOKEN ?? 'floor'}`;

// postgres.js prepares statements by default: each query below is parsed once per connection.
const sql = postgres(databaseUrl, {
  max: Number(process.env.FLOOR_POOL_SIZE ?? 10),
  onnotice: () => {},
  connection: { application_name: 'passerelle-bench-floor' },
});

// Its own table, emptied at start so each run begins alike; nothing else uses it.
await sql`
  create table if not exists floor_submissions (
    id uuid primary key,
    tenant_id uuid not null,
    document_type text not null,
    saas_id text not null,
    number text not null,
    body text not null,
    created_at timestamptz not null
  )`;
await sql`create unique index if not exists floor_submissions_tenant_type_number_key on floor_submissions (tenant_id, document_type, number)`;
await sql`create unique index if not exists floor_submissions_tenant_type_saas_id_key on floor_submissions (tenant_id, document_type, saas_id)`;
await sql`truncate floor_submissions`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The body, or undefined once it passes the cap (the rest is drained, not kept). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

async function submit(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readBody(req);
  if (raw === undefined) return send(res, 413, { title: 'payload too large' }, { connection: 'close' });
  const text = raw.toString('utf8');
  let doc: { id?: unknown; number?: unknown; currency?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return send(res, 400, { title: 'invalid JSON' });
  }
  if (doc === null || typeof doc !== 'object' || typeof doc.id !== 'string' || typeof doc.number !== 'string') {
    return send(res, 400, { title: 'id and number are required' });
  }
  if (typeof doc.currency !== 'string' || !SUPPORTED_CURRENCIES.has(doc.currency)) {
    return send(res, 422, { title: 'unsupported currency' });
  }
  const id = randomUUID();
  const createdAt = new Date();
  try {
    await sql`
      insert into floor_submissions (id, tenant_id, document_type, saas_id, number, body, created_at)
      values (${id}, ${TENANT_ID}, 'invoice', ${doc.id}, ${doc.number}, ${text}, ${createdAt})`;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return send(res, 409, { title: 'duplicate submission' });
    throw error;
  }
  send(
    res,
    202,
    { submission_id: id, saas_id: doc.id, number: doc.number, processing_state: 'received', created_at: createdAt.toISOString() },
    { location: `/v1/invoices/${id}` },
  );
}

async function lookup(id: string, res: ServerResponse): Promise<void> {
  if (!UUID.test(id)) return send(res, 404, { title: 'not found' });
  const rows = await sql<{ id: string; saas_id: string; number: string; created_at: Date }[]>`
    select id, saas_id, number, created_at from floor_submissions where id = ${id} and tenant_id = ${TENANT_ID}`;
  const row = rows[0];
  if (!row) return send(res, 404, { title: 'not found' });
  send(res, 200, {
    submission_id: row.id,
    saas_id: row.saas_id,
    number: row.number,
    processing_state: 'received',
    created_at: row.created_at.toISOString(),
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  if (req.headers.authorization !== expectedAuthorization) {
    req.resume();
    return send(res, 401, { title: 'unauthorized' });
  }
  if (req.method === 'POST' && url === '/v1/invoices') return submit(req, res);
  if (req.method === 'GET' && url.startsWith('/v1/invoices/')) return lookup(url.slice('/v1/invoices/'.length), res);
  req.resume();
  send(res, 404, { title: 'not found' });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { title: 'internal error' });
    else res.destroy();
  });
});

const port = Number(process.env.PORT ?? 4100);
server.listen(port, process.env.HOST ?? '127.0.0.1');

async function shutdown(): Promise<void> {
  server.close();
  server.closeAllConnections();
  await sql.end({ timeout: 5 });
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
