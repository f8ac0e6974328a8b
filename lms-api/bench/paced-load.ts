/**
 * An open-loop load generator for a fixed offered rate, as independent learners' players produce it.
 *
 * Why not autocannon's `overallRate`: autocannon limits each connection to N requests per wall-clock second and lets
 * it send them back to back as soon as each second starts, so every client bursts at once and the "fixed rate" is
 * saturation for most of each second. Here each client sends on its own Poisson schedule (exponential gaps, mean
 * clients / rate), keeps at most one request in flight, and every latency counts from the time the request was
 * SCHEDULED, not sent: a request held back because the client was still waiting for its last answer is charged that
 * wait (no coordinated omission, as wrk2 measures).
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedLoadOptions {
  origin: string;
  clients: number;
  /** Requests per second of all clients together. */
  rate: number;
  seconds: number;
  /**
   * Seconds run first on the same connections and not measured: the generator's own start (JIT of its HTTP client,
   * the connections' set-up) would otherwise show as server latency.
   */
  warmUpSeconds: number;
  /** Builds a client's next request; `context` is the client's, renewed every `perContext` requests. */
  request: (context: Record<string, unknown>) => PacedRequest;
  perContext: number;
}

/** What a load run measured (the paced generator's, or autocannon's in the same terms). */
export interface LoadFigures {
  /** Requests answered per second over the run. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
}

/**
 * One keep-alive HTTP/1.1 connection with one request at a time, written and read by hand: node:http's client costs
 * several times the CPU per request, and on this 2-core machine the generator shares the cores with the app and
 * PostgreSQL. Answers are read by their Content-Length, which every API answer carries.
 */
class Connection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;
  broken = false;

  constructor(private readonly host: string, port: number) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(request: PacedRequest): Promise<number> {
    const body = request.body ?? '';
    let head = `${request.method} ${request.path} HTTP/1.1\r\nHost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(request.headers)) head += `${name}: ${value}\r\n`;
    head += `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  close(): void {
    this.broken = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
    const end = headEnd + 4 + Number(length[1]);
    if (this.received.length < end) return;
    this.received = this.received.subarray(end);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(Number(head.slice(9, 12)));
  }

  private fail(error: Error): void {
    this.broken = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

const exponentialGap = (meanMs: number) => -Math.log(1 - Math.random()) * meanMs;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function pacedLoad(options: PacedLoadOptions): Promise<LoadFigures> {
  const { hostname, port } = new URL(options.origin);
  const connections: Connection[] = [];
  const meanGapMs = (1000 * options.clients) / options.rate;
  const start = performance.now();
  const measuredFrom = start + options.warmUpSeconds * 1000;
  const end = measuredFrom + options.seconds * 1000;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;

  async function client(): Promise<void> {
    let connection = new Connection(hostname, Number(port));
    connections.push(connection);
    let context: Record<string, unknown> = {};
    let sent = 0;
    // A random first gap spreads the clients' starts as their later requests are spread.
    for (let scheduled = start + exponentialGap(meanGapMs); scheduled < end; scheduled += exponentialGap(meanGapMs)) {
      const wait = scheduled - performance.now();
      if (wait > 0) await sleep(wait);
      if (sent++ % options.perContext === 0) context = {};
      try {
        if (connection.broken) connections.push((connection = new Connection(hostname, Number(port))));
        const status = await connection.send(options.request(context));
        if (scheduled < measuredFrom) continue;
        latencies.push(performance.now() - scheduled);
        if (status < 200 || status > 299) non2xx++;
      } catch {
        if (scheduled >= measuredFrom) errors++;
      }
    }
  }

  await Promise.all(Array.from({ length: options.clients }, client));
  const elapsed = (performance.now() - measuredFrom) / 1000;
  for (const connection of connections) connection.close();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    achieved: latencies.length / elapsed,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    ok: latencies.length - non2xx,
    non2xx,
    errors,
  };
}
