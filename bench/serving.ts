/**
 * `GET /` against nginx serving the same bytes: the app (compiled, default
 * settings, embedded database) and nginx (one worker, `gzip_static`) side by side, `wrk -t1 -c10`
 * with `Accept-Encoding: gzip`, alternating app and nginx `rounds` times so a noisy neighbour
 * hits both; the figure is the median of the per-round ratios, with their spread. A bare
 * `node:http` server sending the same bytes with the same headers runs in each round too: the
 * runtime's own ceiling on this machine, which no Node server's figure can pass.
 */
import { median, startBareNode, startNginx, startServer, wrk } from './harness.ts';

export interface ServingResult {
  appRps: number;
  nginxRps: number;
  ratio: number;
  /** Lowest and highest per-round ratio. */
  spread: [number, number];
  /** The bare Node server's req/s and its ratio to nginx (median of the rounds). */
  bareRps: number;
  bareRatio: number;
}

export async function benchServing(
  options: { rounds?: number; seconds?: number; env?: Record<string, string> } = {},
): Promise<ServingResult> {
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 5;
  const server = await startServer(options.env);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let bare: Awaited<ReturnType<typeof startBareNode>> | undefined;
  try {
    const identity = Buffer.from(
      await (await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    const gz = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes gzip; the compressed bytes come from a raw request.
    void gz.body?.cancel();
    const gzipBytes = await rawBody(server.url, 'gzip');
    nginx = await startNginx({ 'index.html': identity, 'index.html.gz': gzipBytes });
    bare = await startBareNode(gzipBytes, await gzipHeaders(server.url));
    // nginx must send the app's page itself: an error page would be the rate of something else.
    if (!(await rawBody(nginx.url, 'gzip')).equals(gzipBytes))
      throw new Error("nginx did not send the page's gzip bytes");
    const headers = ['Accept-Encoding: gzip', 'User-Agent: Mozilla/5.0 (X11; Linux x86_64) bench'];
    // Warm both (JIT, caches).
    await wrk(`${server.url}/`, { seconds: 2, headers });
    await wrk(`${nginx.url}/`, { seconds: 1, headers });
    await wrk(`${bare.url}/`, { seconds: 1, headers });
    const app: number[] = [];
    const ng: number[] = [];
    const bareNode: number[] = [];
    const ratios: number[] = [];
    const bareRatios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const a = await wrk(`${server.url}/`, { seconds, headers });
      const n = await wrk(`${nginx.url}/`, { seconds, headers });
      const b = await wrk(`${bare.url}/`, { seconds, headers });
      if (a.errors > 0) throw new Error(`GET / on the app: ${a.errors} errors`);
      if (n.errors > 0) throw new Error(`GET / on nginx: ${n.errors} errors`);
      if (b.errors > 0) throw new Error(`GET / on the bare Node server: ${b.errors} errors`);
      app.push(a.requestsPerSecond);
      ng.push(n.requestsPerSecond);
      bareNode.push(b.requestsPerSecond);
      ratios.push(a.requestsPerSecond / n.requestsPerSecond);
      bareRatios.push(b.requestsPerSecond / n.requestsPerSecond);
    }
    return {
      appRps: median(app),
      nginxRps: median(ng),
      ratio: median(ratios),
      spread: [Math.min(...ratios), Math.max(...ratios)],
      bareRps: median(bareNode),
      bareRatio: median(bareRatios),
    };
  } finally {
    await bare?.stop();
    await nginx?.stop();
    await server.stop();
  }
}

/** The headers the app sends with its gzip page (the bare server's), less the per-response ones. */
async function gzipHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
  void res.body?.cancel();
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
}

/** The body of `GET /` exactly as sent with `Content-Encoding: <encoding>` (not decoded). */
async function rawBody(base: string, encoding: string): Promise<Buffer> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { headers: { 'accept-encoding': encoding } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${base}/ answered ${res.statusCode}`));
        if (res.headers['content-encoding'] !== encoding)
          reject(new Error(`${base}/ did not answer ${encoding}`));
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=', 2) as [string, string]));
  console.log(await benchServing({ env }));
}
