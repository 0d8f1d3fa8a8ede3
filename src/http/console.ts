/**
 * Serves the console (`console/`, a GraphQL client of the gateway) at `/` and
 * `/console/…`: its own files, and the few ES modules it imports from the
 * project's dependencies (Preact, htm, graphql-ws's browser client), mapped by
 * an import map. Nothing loads from elsewhere: the Content-Security-Policy
 * allows this origin only. Called by the app's dispatch (src/app.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** The console's folder: the nearest `console/index.html` above this module (sources and dist/ alike). */
function consoleRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'console', 'index.html'))) return join(dir, 'console');
    dir = dirname(dir);
  }
  return undefined;
}

/** The vendored modules: URL under /console/vendor/ → file of a dependency. */
function vendorFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  // From the package's entry up to its own package.json (some packages do not export `./package.json`).
  const packageDir = (name: string) => {
    let dir = dirname(require.resolve(name));
    while (!existsSync(join(dir, 'package.json')) || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== name) {
      if (dirname(dir) === dir) throw new Error(`the console's dependency ${name} is not installed`);
      dir = dirname(dir);
    }
    return dir;
  };
  const files = new Map<string, string>([
    ['preact.js', join(packageDir('preact'), 'dist', 'preact.mjs')],
    ['preact-hooks.js', join(packageDir('preact'), 'hooks', 'dist', 'hooks.mjs')],
    ['htm.js', join(packageDir('htm'), 'dist', 'htm.mjs')],
  ]);
  // graphql-ws's browser client and the chunk it imports (its name carries a hash).
  const wsDist = packageDir('graphql-ws');
  const client = readFileSync(join(wsDist, 'dist', 'client.js'), 'utf8');
  files.set('graphql-ws/client.js', join(wsDist, 'dist', 'client.js'));
  for (const [, chunk] of client.matchAll(/from '\.\/([A-Za-z0-9_-]+\.js)'/g))
    files.set(`graphql-ws/${chunk}`, join(wsDist, 'dist', chunk!));
  return files;
}

/** The import map of `index.html`: bare specifiers → vendored URLs. */
const IMPORT_MAP = JSON.stringify({
  imports: {
    preact: '/console/vendor/preact.js',
    'preact/hooks': '/console/vendor/preact-hooks.js',
    htm: '/console/vendor/htm.js',
    'graphql-ws': '/console/vendor/graphql-ws/client.js',
  },
});

export interface ConsoleRoute {
  /** True when it answered (a GET or HEAD of `/` or under `/console`); false: not the console's. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * The console's route. Files are read once, on first request of each. `index.html` is answered for `/`,
 * `/console` and any `/console/…` path that is not a file (the console routes in the browser).
 * Without the console's folder (a package built without it) nothing is served and every path falls through.
 */
export function consoleRoute(): ConsoleRoute {
  const root = consoleRoot();
  if (!root) return { handle: () => false };
  const vendor = vendorFiles();
  const cache = new Map<string, Buffer>();
  const read = (file: string) => {
    let body = cache.get(file);
    if (!body) cache.set(file, (body = readFileSync(file)));
    return body;
  };
  const page = () => Buffer.from(read(join(root, 'index.html')).toString('utf8').replace('{{IMPORT_MAP}}', IMPORT_MAP));
  const mapHash = createHash('sha256').update(IMPORT_MAP).digest('base64');
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${mapHash}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');

  function send(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string): true {
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  return {
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const path = (req.url ?? '/').split('?', 1)[0]!;
      if (path === '/' || path === '/console' || path === '/console/') return send(req, res, page(), TYPES['.html']!);
      if (!path.startsWith('/console/')) return false;
      let rest: string;
      try {
        rest = decodeURIComponent(path.slice('/console/'.length));
      } catch {
        rest = '\0';
      }
      const vendored = rest.startsWith('vendor/') ? vendor.get(rest.slice('vendor/'.length)) : undefined;
      if (vendored) return send(req, res, read(vendored), TYPES['.js']!);
      const file = normalize(join(root, rest));
      const type = TYPES[extname(file)];
      if (type && (rest.startsWith('src/') || rest === 'style.css') && file.startsWith(root + sep) && existsSync(file)) {
        return send(req, res, read(file), type);
      }
      // A console route (`/console/submissions/…`): the page; a missing asset: 404.
      if (extname(rest) !== '') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return true;
      }
      return send(req, res, page(), TYPES['.html']!);
    },
  };
}
