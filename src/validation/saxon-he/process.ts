/**
 * The Saxon-HE engine's long-lived JVM (Validator.java beside this file) and its framed protocol over
 * stdin/stdout (described at the top of Validator.java); used by ./index.ts. One process per validator,
 * started on the first job; at most `threads` jobs (fewer while `concurrency` says so) are in the JVM at
 * once, the rest wait here in arrival order. If the process dies, the jobs it held are sent again to a
 * new one (at most `maxAttempts` times each); if it dies before it is ready (no Java, a broken jar), every
 * job rejects and the engine stays failed, as the SaxonJS pool does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { EngineState } from '../engine-state.ts';

/** What the JVM runs: the named stylesheets, in order, on one parsed document (empty `xml`: compile them only). */
export interface JvmJob {
  names: readonly string[];
  xml: string;
}

/** The JVM's answer: its thread's CPU time and each stylesheet's serialized SVRL with its wall time. */
export interface JvmResult {
  cpuMicros: number;
  outputs: Array<{ name: string; micros: number; svrl: string }>;
}

/** How the JVM is started. */
export interface JvmOptions {
  /** The `java` executable (Java 11+: single-file source launch). */
  java: string;
  /** Saxon-HE's jar (Debian: /usr/share/java/Saxon-HE.jar). */
  jar: string;
  /** Validator.java. */
  source: string;
  /** Stylesheet name -> absolute path of its XSLT. */
  stylesheets: Record<string, string>;
  /** Threads of the JVM's pool, hence jobs in it at once. */
  threads: number;
  /** The JVM's heap cap in MB (-Xmx); an OutOfMemoryError exits the process, which is restarted. */
  heapMb: number;
  /** Nice value of the whole process, 0-19 (`nice -n`). */
  nice?: number;
  /** Linux SCHED_IDLE for the whole process (`chrt --idle 0`), when chrt exists. */
  idle?: boolean;
  /** Jobs allowed in the JVM at this moment (1..threads), read before each dispatch; default `threads`. */
  concurrency?: () => number;
  /**
   * A job slower than this rejects and its process is killed (the others are retried). Default 60 s. A job
   * that needs a stylesheet this process has not compiled yet gets `compileTimeoutMs` (default 10 min): one
   * compilation takes 2-10 s on an idle core, minutes on a loaded machine.
   */
  jobTimeoutMs?: number;
  compileTimeoutMs?: number;
  /** Sends of one job before it rejects because processes died under it. Default 3. */
  maxAttempts?: number;
  /** Told when a process starts, is ready or dies. */
  log?: (message: string) => void;
}

type Pending = {
  id: number;
  names: readonly string[];
  frame: Buffer;
  attempts: number;
  resolve: (result: JvmResult) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

const RECHECK_MS = 100;

/** Command line of the JVM, wrapped in `chrt --idle 0` or `nice -n N` when asked. */
export function jvmCommand(options: JvmOptions): string[] {
  const java = [
    options.java,
    `-Xmx${options.heapMb}m`,
    '-XX:+UseSerialGC',
    '-XX:+ExitOnOutOfMemoryError',
    '-cp',
    options.jar,
    options.source,
    String(options.threads),
    ...Object.entries(options.stylesheets).map(([name, path]) => `${name}=${path}`),
  ];
  if (options.idle && existsSync('/usr/bin/chrt')) return ['/usr/bin/chrt', '--idle', '0', ...java];
  if (options.nice && existsSync('/usr/bin/nice')) return ['/usr/bin/nice', '-n', String(options.nice), ...java];
  return java;
}

/** The JVM engine; see the module comment. */
export class JvmEngine {
  private child: ChildProcess | undefined;
  private ready = false;
  private version = '';
  private readonly queue: Pending[] = [];
  private readonly inFlight = new Map<number, Pending>();
  private nextId = 1;
  private readonly state = new EngineState('the Saxon-HE engine');
  private recheck: NodeJS.Timeout | undefined;
  private stderrTail = '';
  /** Stylesheets the running process has compiled (answered a job with). */
  private compiled = new Set<string>();
  /** Processes started so far (tests, logs). */
  starts = 0;

  constructor(private readonly options: JvmOptions) {}

  /** The running process's pid, if any (tests kill it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Jobs sent to the JVM and not answered yet. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Saxon's version as the JVM reported it, once ready. */
  get saxonVersion(): string {
    return this.version;
  }

  /** Runs a job; rejects on a malformed document or stylesheet error (the JVM's message), a timeout, repeated crashes, or close(). */
  run(job: JvmJob): Promise<JvmResult> {
    const refused = this.state.refusal();
    if (refused) return refused;
    const id = this.nextId++;
    const frame = Buffer.from(`${id}\t${job.names.join(',')}\n${job.xml}`, 'utf8');
    return new Promise<JvmResult>((resolve, reject) => {
      this.queue.push({ id, names: job.names, frame, attempts: 0, resolve, reject });
      if (!this.child) this.startProcess();
      this.dispatch();
    });
  }

  /** Ends the process (stdin closed, then killed after 2 s); queued and in-flight jobs reject. */
  async close(): Promise<void> {
    const closing = this.state.close();
    if (!closing) return;
    clearTimeout(this.recheck);
    for (const pending of [...this.queue.splice(0), ...this.inFlight.values()]) {
      clearTimeout(pending.timer);
      pending.reject(closing);
    }
    this.inFlight.clear();
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.stdin?.end();
    });
  }

  private startProcess(): void {
    const [command, ...args] = jvmCommand(this.options);
    this.starts++;
    this.ready = false;
    this.compiled = new Set();
    this.stderrTail = '';
    const child = spawn(command as string, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    let buffer: Buffer = Buffer.alloc(0);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (buffer.length < 4 + length) break;
        const payload = buffer.subarray(4, 4 + length);
        buffer = buffer.subarray(4 + length);
        this.onFrame(payload);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    child.stdin?.on('error', () => {}); // EPIPE when it dies: handled on exit
    child.on('error', (error) => {
      this.stderrTail += `\n${error.message}`;
      // spawn failures emit 'error' and may never emit 'exit'
      if (child.pid === undefined) this.onExit(child, null);
    });
    child.on('exit', (code) => this.onExit(child, code));
    this.updateRefs();
  }

  private onFrame(payload: Buffer): void {
    const newline = payload.indexOf(0x0a);
    const header = payload.subarray(0, newline).toString('utf8').split('\t');
    const id = Number(header[0]);
    if (id === 0 && header[1] === 'READY') {
      this.ready = true;
      this.version = header[2] ?? '';
      this.options.log?.(`Saxon-HE ${this.version} ready (pid ${this.child?.pid})`);
      this.dispatch();
      return;
    }
    const pending = this.inFlight.get(id);
    if (!pending) return;
    this.inFlight.delete(id);
    clearTimeout(pending.timer);
    if (header[1] === 'OK') {
      for (const name of pending.names) this.compiled.add(name);
      try {
        pending.resolve(parseOutputs(Number(header[2]), payload.subarray(newline + 1)));
      } catch (error) {
        pending.reject(error as Error);
      }
    } else {
      pending.reject(new Error(`Saxon-HE: ${payload.subarray(newline + 1).toString('utf8')}`));
    }
    this.dispatch();
  }

  private onExit(child: ChildProcess, code: number | null): void {
    if (this.child !== child || this.state.closed) return;
    this.child = undefined;
    const reason = `${code === null ? `signal ${child.signalCode ?? '?'}` : `exit code ${code}`}${this.stderrTail ? `: ${this.stderrTail.trim().slice(-1000)}` : ''}`;
    if (!this.ready) {
      this.state.failure = new Error(`the Saxon-HE engine failed to start (${reason})`);
      for (const pending of [...this.inFlight.values(), ...this.queue.splice(0)]) {
        clearTimeout(pending.timer);
        pending.reject(this.state.failure);
      }
      this.inFlight.clear();
      return;
    }
    this.options.log?.(`the Saxon-HE process died (${reason}); ${this.inFlight.size} job(s) in flight are sent again`);
    const retried = [...this.inFlight.values()].sort((a, b) => a.id - b.id);
    this.inFlight.clear();
    const maxAttempts = this.options.maxAttempts ?? 3;
    for (const pending of retried.reverse()) {
      clearTimeout(pending.timer);
      if (pending.attempts >= maxAttempts)
        pending.reject(new Error(`the Saxon-HE process died under this job ${pending.attempts} times (${reason})`));
      else this.queue.unshift(pending);
    }
    if (this.queue.length > 0) this.startProcess();
  }

  private dispatch(): void {
    const child = this.child;
    if (!child || !this.ready) return;
    const threads = this.options.threads;
    const allowed = Math.min(threads, Math.max(1, Math.floor(this.options.concurrency?.() ?? threads)));
    while (this.queue.length > 0 && this.inFlight.size < allowed) {
      const pending = this.queue.shift() as Pending;
      pending.attempts++;
      this.inFlight.set(pending.id, pending);
      const compiles = pending.names.some((name) => !this.compiled.has(name));
      const timeoutMs = compiles ? (this.options.compileTimeoutMs ?? 600_000) : (this.options.jobTimeoutMs ?? 60_000);
      pending.timer = setTimeout(() => {
        this.inFlight.delete(pending.id);
        pending.reject(new Error(`the Saxon-HE job took longer than ${timeoutMs} ms; its process is restarted`));
        child.kill('SIGKILL');
      }, timeoutMs).unref();
      const length = Buffer.alloc(4);
      length.writeUInt32BE(pending.frame.length);
      child.stdin?.write(Buffer.concat([length, pending.frame]));
    }
    if (this.queue.length > 0 && this.inFlight.size >= allowed && allowed < threads) {
      this.recheck ??= setTimeout(() => {
        this.recheck = undefined;
        if (!this.state.closed) this.dispatch();
      }, RECHECK_MS).unref();
    }
    this.updateRefs();
  }

  /** An idle JVM does not keep Node alive (a forgotten close() does not hang it); pending work does. */
  private updateRefs(): void {
    const child = this.child;
    if (!child) return;
    const busy = this.inFlight.size > 0 || this.queue.length > 0;
    for (const handle of [child, child.stdout, child.stderr, child.stdin] as Array<{ ref?: () => void; unref?: () => void } | null>) {
      if (busy) handle?.ref?.();
      else handle?.unref?.();
    }
  }
}

/** The stylesheet sections of an OK reply: `name\tmicros\tbytes\n` then the SVRL bytes, repeated. */
function parseOutputs(cpuMicros: number, body: Buffer): JvmResult {
  const outputs: JvmResult['outputs'] = [];
  let at = 0;
  while (at < body.length) {
    const newline = body.indexOf(0x0a, at);
    if (newline < 0) throw new Error('Saxon-HE: truncated reply');
    const [name = '', micros = '0', bytes = '0'] = body.subarray(at, newline).toString('utf8').split('\t');
    const end = newline + 1 + Number(bytes);
    if (end > body.length) throw new Error('Saxon-HE: truncated reply');
    outputs.push({ name, micros: Number(micros), svrl: body.subarray(newline + 1, end).toString('utf8') });
    at = end;
  }
  return { cpuMicros, outputs };
}
