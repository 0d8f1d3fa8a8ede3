/**
 * The parts of autocannon 8 and pidusage 4 the benchmark uses. Neither
 * package ships type declarations, and adding @types packages is not worth it
 * for a dev-only harness.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestSpec extends Request {
      /** Called before every request is built; must return the request (never falsy here). */
      setupRequest?: (request: Request & { headers: Record<string, string> }, context: object) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      pipelining?: number;
      method?: string;
      headers?: Record<string, string>;
      requests?: RequestSpec[];
      /** Replies whose body this returns falsy for are counted in `mismatches`. */
      verifyBody?: (body: string) => boolean;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }

    interface Instance extends PromiseLike<Result> {
      stop(): void;
      /** Each reply, with its latency in ms (autocannon's own timing; its histogram records the 2xx ones). */
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}

declare module 'pidusage' {
  function pidusage(pid: number): Promise<{ memory: number; cpu: number }>;
  namespace pidusage {
    function clear(): void;
  }
  export = pidusage;
}
