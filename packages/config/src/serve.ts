import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { minimatch } from 'minimatch';
import superstaticModule from 'superstatic';
import type { HostingSite } from './hosting.ts';

/**
 * Serves one site of firebase.json the way Firebase Hosting does: superstatic (the library Firebase Hosting's
 * emulator is built on) applies the site's headers, clean URLs, trailing-slash rule and rewrites from the
 * file itself, so the rules exist once. What it adds: files a deployment would not upload (`ignore`) are
 * absent, and each file is sent as its precompressed copy (`.br`, `.gz`, written by the build) when the
 * browser accepts that encoding, with `Content-Encoding` and `Vary: Accept-Encoding`.
 */

/** The encodings a precompressed copy may have, best first, with the copy's file extension. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Extensions the build writes precompressed copies of (see packages/config/src/compress.ts). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/**
 * The encodings an `Accept-Encoding` header allows (q > 0), among ours, best first.
 * `identity` is always acceptable and never listed.
 */
export function acceptedEncodings(header: string | undefined): Array<'br' | 'gzip'> {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return ENCODINGS.map((e) => e.name).filter(allowed);
}

interface ProviderResult {
  size: number;
  etag: string;
  modified: number;
  readonly stream: Readable;
}

function fileStat(path: string) {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a deployment of the site uploads this file (its `ignore` globs, matched like Firebase does). */
export function isDeployed(site: Pick<HostingSite, 'ignore'>, relativePath: string): boolean {
  return !site.ignore.some((glob) => minimatch(relativePath, glob, { dot: true }));
}

export interface HostingServerOptions {
  /** The site (one entry of firebase.json's `hosting`). */
  site: HostingSite;
  /** The folder `site.public` is relative to (the repository root). */
  root: string;
}

/** A request handler for one site. */
export function hostingHandler({
  site,
  root,
}: HostingServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const publicDir = resolve(root, site.public);
  const responses = new WeakMap<IncomingMessage, ServerResponse>();

  const provider = async (req: IncomingMessage, pathname: string): Promise<ProviderResult | null> => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return null;
    }
    if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.split(/[\\/]/).includes('..'))
      return null;
    const relative = decoded.slice(1);
    const full = join(publicDir, relative);
    if (full !== publicDir && !full.startsWith(publicDir + sep)) return null;
    if (!relative || !isDeployed(site, relative)) return null;
    const original = fileStat(full);
    if (!original) return null;

    let chosen = { path: full, stat: original, encoding: undefined as string | undefined };
    if (COMPRESSIBLE.has(extname(full))) {
      for (const name of acceptedEncodings(req.headers['accept-encoding'])) {
        const ext = ENCODINGS.find((e) => e.name === name)!.ext;
        const stat = fileStat(full + ext);
        if (stat) {
          chosen = { path: full + ext, stat, encoding: name };
          break;
        }
      }
    }
    const res = responses.get(req);
    const compressible = COMPRESSIBLE.has(extname(full));
    const etag = `"${chosen.stat.size.toString(16)}-${Math.floor(chosen.stat.mtimeMs).toString(16)}${chosen.encoding ? `-${chosen.encoding}` : ''}"`;
    let stream: Readable | undefined;
    return {
      size: chosen.stat.size,
      etag,
      modified: chosen.stat.mtimeMs,
      // Opened only when superstatic really sends this file (it also asks about files it then redirects from).
      get stream() {
        if (stream) return stream;
        if (res && !res.headersSent) {
          if (compressible) res.setHeader('Vary', 'Accept-Encoding');
          if (chosen.encoding) res.setHeader('Content-Encoding', chosen.encoding);
          // superstatic answers 304 only for rewritten paths; files found directly are revalidated here.
          if (req.headers['if-none-match'] === etag && (req.method === 'GET' || req.method === 'HEAD')) {
            res.statusCode = 304;
            for (const h of ['Content-Length', 'Content-Type', 'Content-Encoding']) res.removeHeader(h);
            stream = Readable.from([]);
            return stream;
          }
        }
        stream = createReadStream(chosen.path);
        return stream;
      },
    };
  };

  const siteConfig = structuredClone(site);
  // superstatic is CommonJS with `exports.default`: Node's ESM import gives the exports object.
  const superstatic =
    (superstaticModule as unknown as { default?: typeof superstaticModule }).default ?? superstaticModule;
  const handle = superstatic({
    config: () => Promise.resolve(siteConfig),
    cwd: root,
    stack: 'strict',
    compression: false,
    provider,
  } as unknown as Parameters<typeof superstatic>[0]) as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  return (req, res) => {
    responses.set(req, res);
    handle(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    });
  };
}

/** Starts serving a site on host:port; resolves once listening. */
export function serveSite(options: HostingServerOptions & { port: number; host?: string }): Promise<Server> {
  const server = createServer(hostingHandler(options));
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => done(server));
  });
}
