// FC-CERT-4..7, FC-CERT-22, FC-PROTO-1..8: an implementation under test as a child process speaking protocol v1, made robust.
import { type ChildProcess, spawn } from "node:child_process";
import { type Capability, COMPACT_LEVELS, type CompactLevel, type ImplementationInfo } from "./messages.ts";

/**
 * Why a request got no proper answer, with what a person needs to fix it (FC-CERT-22): the exit code or signal
 * and the last lines the process wrote on stderr, the timeout, or the start of a stdout line that is not a reply.
 */
export interface Fault {
  kind: "exit" | "timeout" | "not-json" | "protocol" | "oversize" | "spawn" | "start" | "gave-up" | "closed";
  exitCode?: number | null;
  signal?: string | null;
  /** The last lines the process wrote on standard error (at most STDERR_LINES, each cut at 200 characters). */
  stderr?: string[];
  timeoutMs?: number;
  /** The start of the offending stdout line (80 characters at most, control characters replaced). */
  stdoutLine?: string;
  /** For `gave-up`: restarts made, and the fault that ended the last process. */
  restarts?: number;
  cause?: Fault;
}

/** What one request to the implementation came back as. */
export type Reply =
  /** A well-formed answer carrying a result (for `compact`: the log). */
  | { kind: "result"; result: unknown; ms: number }
  /** A well-formed typed error answer (`{"seq":S,"error":{...}}`). */
  | { kind: "error"; error: { code: string; message: string; field?: string }; ms: number }
  /** The implementation failed to answer properly: timeout, crash, malformed JSON, wrong seq, over-sized reply. */
  | { kind: "errored"; reason: string; ms: number; fault?: Fault };

export interface ImplementationUnderTest {
  readonly info: ImplementationInfo;
  readonly capabilities: ReadonlySet<Capability>;
  /**
   * FC-PROTO-11: `delta-only` implementations answer compact with the Delta alone; their replies arrive here as
   * `{correctionDelta: <Delta>}` so every check that reads only the Delta runs unchanged. Absent = `full`.
   */
  readonly level?: CompactLevel;
  /** Sends one command (`compact`, `policy.validate`, `policy.decide`, `summary.accept`, or any other). */
  call(cmd: string, payload: Record<string, unknown>): Promise<Reply>;
  /** Stops the implementation; idempotent. */
  close(): Promise<void>;
}

export interface ProcessIutOptions {
  /** argv; the first element is the executable (looked up on PATH). */
  command: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Per-request timeout (default 10000 ms). */
  timeoutMs?: number;
  /** Time allowed for the handshake, including start-up (default 60000 ms). */
  startTimeoutMs?: number;
  /** Restarts allowed after crashes, timeouts and protocol violations (default 10). */
  maxRestarts?: number;
  /** Largest accepted reply line in bytes (default 16 MiB). */
  maxReplyBytes?: number;
}

export type StartOutcome = { ok: true; iut: ProcessIut } | { ok: false; message: string };

const KNOWN_CAPABILITIES = new Set<Capability>(["compact", "policy", "summary"]);
const STDERR_TAIL = 4096;
/** Lines of standard error kept for a diagnosis. */
export const STDERR_LINES = 10;
/** Characters of an offending stdout line shown in a diagnosis. */
export const STDOUT_LINE_START = 80;

/** Text from the implementation made safe for one line of a terminal or a report. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");
}

/** Every process group this module started and has not yet reaped; killed if the runner itself exits. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const pgid of liveGroups) killGroup(pgid, "SIGKILL");
  });
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

type LineOutcome = { line: string } | { failure: string; fault: Fault };

/** One running implementation process with a line reader over its stdout. */
class Session {
  readonly child: ChildProcess;
  readonly pid: number | undefined;
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  private lines: string[] = [];
  private waiter: ((o: LineOutcome) => void) | null = null;
  private deadReason: string | null = null;
  private deadFault: Fault | null = null;
  private stderrTail = "";
  private discarding = false;
  readonly exited: Promise<void>;

  constructor(
    opts: ProcessIutOptions,
    private readonly maxReplyBytes: number,
  ) {
    const [file, ...args] = opts.command;
    this.child = spawn(file!, args, {
      cwd: opts.cwd,
      env: (opts.env ?? process.env) as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
      // Its own process group, so the implementation and anything it spawned can be stopped together.
      detached: true,
    });
    this.pid = this.child.pid;
    if (this.pid !== undefined) {
      liveGroups.add(this.pid);
      installExitHook();
    }
    this.exited = new Promise((resolve) => {
      this.child.once("close", () => resolve());
      this.child.once("error", () => resolve());
    });
    this.child.on("error", (e: NodeJS.ErrnoException) =>
      this.die(`the command could not be started (${e.code ?? e.name})`, { kind: "spawn" }),
    );
    this.child.once("exit", (code, signal) => {
      // Output written just before exiting may still be in the pipe: read to its end (or briefly) first.
      const report = () =>
        this.die(`the process exited (${signal ? `signal ${signal}` : `code ${code}`})${this.tail()}`, {
          kind: "exit",
          exitCode: code,
          signal,
          stderr: this.stderrLines(),
        });
      const out = this.child.stdout;
      if (!out || out.readableEnded) return report();
      const timer = setTimeout(report, 100);
      out.once("end", () => {
        clearTimeout(timer);
        report();
      });
    });
    this.child.stdin?.on("error", () => {
      // EPIPE after the process died: the exit event reports it.
    });
    this.child.stdout?.on("data", (b: Buffer) => this.onData(b));
    this.child.stderr?.on("data", (b: Buffer) => {
      this.stderrTail = (this.stderrTail + b.toString("utf8")).slice(-STDERR_TAIL);
    });
  }

  get alive(): boolean {
    return this.deadReason === null;
  }

  /** The last lines the process wrote on standard error. */
  stderrLines(): string[] {
    const lines = this.stderrTail.split(/\r?\n/).map((l) => printable(l.trimEnd()).slice(0, 200));
    // The first line of the kept tail may start mid-line; drop it when more than it was kept.
    if (this.stderrTail.length >= STDERR_TAIL) lines.shift();
    return lines.filter((l) => l.trim() !== "").slice(-STDERR_LINES);
  }

  private tail(): string {
    // Only the implementation's own last log line: enough to name the crash, short enough not to dump its input.
    const last = (this.stderrTail.trim().split("\n").at(-1) ?? "").slice(0, 200);
    return last === "" ? "" : `; last stderr line: ${last}`;
  }

  private onData(b: Buffer): void {
    // After the runner stopped this process, whatever it still writes is not read.
    if (this.discarding) return;
    let start = 0;
    for (;;) {
      const nl = b.indexOf(10, start);
      if (nl < 0) break;
      const part = b.subarray(start, nl);
      if (this.pendingBytes + part.length > this.maxReplyBytes) {
        this.oversize();
        return;
      }
      this.chunks.push(part);
      const line = Buffer.concat(this.chunks).toString("utf8");
      this.chunks = [];
      this.pendingBytes = 0;
      start = nl + 1;
      if (line.trim() !== "") this.push({ line });
    }
    const rest = b.subarray(start);
    if (rest.length > 0) {
      this.pendingBytes += rest.length;
      if (this.pendingBytes > this.maxReplyBytes) {
        this.oversize();
        return;
      }
      this.chunks.push(rest);
    }
  }

  private oversize(): void {
    this.chunks = [];
    this.pendingBytes = 0;
    this.push({
      failure: `the reply is larger than ${this.maxReplyBytes} bytes`,
      fault: { kind: "oversize" },
    });
    this.kill();
  }

  private push(o: LineOutcome): void {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(o);
    } else if ("line" in o) {
      this.lines.push(o.line);
    }
  }

  private die(reason: string, fault: Fault): void {
    if (this.deadReason !== null) return;
    this.deadReason = reason;
    this.deadFault = fault;
    this.push({ failure: reason, fault });
  }

  send(message: Record<string, unknown>): boolean {
    if (!this.alive || !this.child.stdin?.writable) return false;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
    return true;
  }

  /** The next stdout line, or why none came: timeout, exit, over-size. */
  nextLine(timeoutMs: number): Promise<LineOutcome> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve({ line: queued });
    if (!this.alive) return Promise.resolve({ failure: this.deadReason!, fault: this.deadFault! });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve({
          failure: `no reply within ${timeoutMs} ms (timeout)`,
          fault: { kind: "timeout", timeoutMs, stderr: this.stderrLines() },
        });
      }, timeoutMs);
      this.waiter = (o) => {
        clearTimeout(timer);
        resolve(o);
      };
    });
  }

  kill(): void {
    this.discarding = true;
    if (this.pid !== undefined) killGroup(this.pid, "SIGKILL");
    this.die("the process was stopped by the runner", { kind: "closed" });
  }

  /**
   * Polite stop: `stop`, close stdin, wait; then TERM, then KILL the whole group. Returns whether the process
   * exited by itself after `stop`, or null when it was already dead and `stop` was never sent.
   */
  async stop(graceMs = 1500): Promise<boolean | null> {
    let polite: boolean | null = null;
    if (this.alive) {
      polite = false;
      this.send({ cmd: "stop" });
      this.child.stdin?.end();
      const done = await within(this.exited, graceMs);
      polite = done;
      if (!done && this.pid !== undefined) {
        killGroup(this.pid, "SIGTERM");
        const termed = await within(this.exited, 500);
        if (!termed) killGroup(this.pid, "SIGKILL");
      }
    }
    // Whatever the leader did, children left in its group go too.
    if (this.pid !== undefined) {
      killGroup(this.pid, "SIGKILL");
      liveGroups.delete(this.pid);
    }
    await within(this.exited, 2000);
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
    return polite;
  }
}

/**
 * True when `p` settles within `ms`, false after. The timer is cleared as soon as `p` wins, so a stop that is
 * already done never keeps the runner's process alive for the rest of the grace period.
 */
function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  return Promise.race([p.then(() => true), late]).finally(() => clearTimeout(timer));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Checks a handshake reply (FC-PROTO-2); returns what is wrong, or the parsed metadata. */
export function parseStartReply(
  line: string,
):
  | { ok: true; info: ImplementationInfo; capabilities: Capability[]; level: CompactLevel }
  | { ok: false; message: string } {
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return { ok: false, message: `the handshake reply is not valid JSON (${Buffer.byteLength(line)} bytes)` };
  }
  if (!isObject(msg)) return { ok: false, message: "the handshake reply is not a JSON object" };
  if (isObject(msg.error)) {
    return {
      ok: false,
      message: `the implementation refused the handshake with error ${String(msg.error.code)}`,
    };
  }
  if (msg.version !== 1)
    return {
      ok: false,
      message: `the handshake reply has version ${JSON.stringify(msg.version ?? null)}; expected 1`,
    };
  const impl = msg.implementation;
  if (!isObject(impl)) return { ok: false, message: "the handshake reply has no implementation object" };
  for (const k of ["name", "version", "language"] as const) {
    if (typeof impl[k] !== "string" || impl[k] === "") {
      return { ok: false, message: `implementation.${k} must be a nonempty string` };
    }
  }
  if (impl.homepage !== undefined && typeof impl.homepage !== "string") {
    return { ok: false, message: "implementation.homepage must be a string when present" };
  }
  if (!Array.isArray(msg.capabilities))
    return { ok: false, message: "the handshake reply has no capabilities array" };
  const caps: Capability[] = [];
  for (const c of msg.capabilities) {
    if (typeof c !== "string" || !KNOWN_CAPABILITIES.has(c as Capability)) {
      return {
        ok: false,
        message: `unknown capability ${JSON.stringify(c).slice(0, 40)}; known: compact, policy, summary`,
      };
    }
    if (!caps.includes(c as Capability)) caps.push(c as Capability);
  }
  if (msg.level !== undefined && !COMPACT_LEVELS.includes(msg.level as CompactLevel)) {
    return {
      ok: false,
      message: `unknown level ${JSON.stringify(msg.level).slice(0, 40)}; known: full, delta-only (FC-PROTO-11)`,
    };
  }
  const level = (msg.level as CompactLevel | undefined) ?? "full";
  const info: ImplementationInfo = {
    name: impl.name as string,
    version: impl.version as string,
    language: impl.language as string,
  };
  if (typeof impl.homepage === "string") info.homepage = impl.homepage;
  return { ok: true, info, capabilities: caps, level };
}

/**
 * A process-backed implementation. One request is in flight at a time. A crash, timeout, malformed reply, wrong
 * seq or over-sized reply errors that request, and the process is replaced before the next one, at most
 * `maxRestarts` times; after that every request is errored without starting anything (FC-CERT-5).
 */
export class ProcessIut implements ImplementationUnderTest {
  info: ImplementationInfo = { name: "unknown", version: "unknown", language: "unknown" };
  capabilities: ReadonlySet<Capability> = new Set();
  level: CompactLevel = "full";
  restarts = 0;
  /**
   * Whether the last process exited by itself after `stop` (FC-PROTO-8); null when no `stop` was sent because the
   * process was already gone (crashed, killed after a broken reply, or given up).
   */
  stoppedPolitely: boolean | null = null;
  /** True once the restart limit was reached: every further request is errored without starting anything. */
  gaveUp = false;
  /** The fault of the last request that got no proper answer (or of the last failed start). */
  lastFault: Fault | null = null;
  /** Every pid this adapter started (tests check none survives). */
  readonly pids: number[] = [];
  private session: Session | null = null;
  private seq = 0;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly maxRestarts: number;
  private readonly maxReplyBytes: number;

  constructor(private readonly opts: ProcessIutOptions) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.startTimeoutMs = opts.startTimeoutMs ?? 60_000;
    this.maxRestarts = opts.maxRestarts ?? 10;
    this.maxReplyBytes = opts.maxReplyBytes ?? 16 * 1024 * 1024;
  }

  /** Starts a process and performs the handshake; null on success, else what went wrong. */
  async start(): Promise<string | null> {
    const s = new Session(this.opts, this.maxReplyBytes);
    if (s.pid !== undefined) this.pids.push(s.pid);
    this.session = s;
    if (!s.send({ cmd: "start", version: 1 })) {
      const o = await s.nextLine(1000);
      this.lastFault = "failure" in o ? o.fault : { kind: "start", stderr: s.stderrLines() };
      await s.stop(0);
      return "failure" in o ? o.failure : "the process closed its input";
    }
    const o = await s.nextLine(this.startTimeoutMs);
    if ("failure" in o) {
      this.lastFault = o.fault;
      await s.stop(0);
      return `no handshake reply: ${o.failure}`;
    }
    const parsed = parseStartReply(o.line);
    if (!parsed.ok) {
      this.lastFault = {
        kind: "start",
        stderr: s.stderrLines(),
        stdoutLine: printable(o.line.slice(0, STDOUT_LINE_START)),
      };
      await s.stop(0);
      return parsed.message;
    }
    this.info = parsed.info;
    this.capabilities = new Set(parsed.capabilities);
    this.level = parsed.level;
    return null;
  }

  private async ensureSession(): Promise<{ reason: string; fault: Fault } | null> {
    if (this.session?.alive) return null;
    // Reap the dead process's group (a crashed implementation may have left children behind).
    await this.session?.stop(0);
    if (this.restarts >= this.maxRestarts) {
      this.gaveUp = true;
      return {
        reason: `not run: the implementation was restarted ${this.restarts} times (the limit); giving up on it`,
        fault: {
          kind: "gave-up",
          restarts: this.restarts,
          ...(this.lastFault !== null ? { cause: this.lastFault } : {}),
        },
      };
    }
    this.restarts++;
    const problem = await this.start();
    return problem === null
      ? null
      : { reason: `restart failed: ${problem}`, fault: this.lastFault ?? { kind: "start" } };
  }

  async call(cmd: string, payload: Record<string, unknown>): Promise<Reply> {
    const t0 = performance.now();
    const ms = () => Math.round(performance.now() - t0);
    if (this.closed)
      return {
        kind: "errored",
        reason: "the implementation was already closed",
        ms: 0,
        fault: { kind: "closed" },
      };
    const problem = await this.ensureSession();
    if (problem !== null) return { kind: "errored", reason: problem.reason, ms: ms(), fault: problem.fault };
    const s = this.session!;
    const seq = ++this.seq;
    const sentAt = performance.now();
    if (!s.send({ ...payload, cmd, seq }))
      return {
        kind: "errored",
        reason: "could not write to the process",
        ms: ms(),
        fault: { kind: "exit", stderr: s.stderrLines() },
      };
    const o = await s.nextLine(this.timeoutMs);
    const took = Math.round(performance.now() - sentAt);
    const broken = (reason: string, fault: Fault): Reply => {
      // The stream can no longer be trusted: replace the process before the next request.
      s.kill();
      this.lastFault = fault;
      return { kind: "errored", reason, ms: took, fault };
    };
    if ("failure" in o) return broken(o.failure, o.fault);
    const protocol = (): Fault => ({ kind: "protocol", stderr: s.stderrLines() });
    let msg: unknown;
    try {
      msg = JSON.parse(o.line);
    } catch {
      // FC-CERT-6: the message describes the line (its size) and says where logging goes; the line itself is
      // shown only in the run's diagnosis (FC-CERT-22).
      return broken(
        `the reply is not valid JSON (${Buffer.byteLength(o.line)} bytes); stdout is for protocol replies only, log to stderr`,
        {
          kind: "not-json",
          stdoutLine: printable(o.line.slice(0, STDOUT_LINE_START)),
          stderr: s.stderrLines(),
        },
      );
    }
    if (!isObject(msg)) return broken("the reply is not a JSON object", protocol());
    if (!Object.hasOwn(msg, "seq")) return broken(`the reply has no seq (expected ${seq})`, protocol());
    if (msg.seq !== seq)
      return broken(`the reply has seq ${JSON.stringify(msg.seq).slice(0, 20)}, expected ${seq}`, protocol());
    const hasError = Object.hasOwn(msg, "error");
    // FC-PROTO-11: a delta-only implementation answers compact with {"seq","delta"}.
    const key = cmd !== "compact" ? "result" : this.level === "delta-only" ? "delta" : "log";
    const hasResult = Object.hasOwn(msg, key);
    if (hasError && hasResult) return broken(`the reply has both error and ${key}`, protocol());
    if (hasError) {
      const e = msg.error;
      if (!isObject(e) || typeof e.code !== "string" || typeof e.message !== "string") {
        return broken("the reply's error is not {code: string, message: string}", protocol());
      }
      if (e.field !== undefined && typeof e.field !== "string")
        return broken("the reply's error.field is not a string", protocol());
      const error: { code: string; message: string; field?: string } = { code: e.code, message: e.message };
      if (typeof e.field === "string") error.field = e.field;
      return { kind: "error", error, ms: took };
    }
    if (hasResult)
      return { kind: "result", result: key === "delta" ? { correctionDelta: msg[key] } : msg[key], ms: took };
    return broken(`the reply has neither ${key} nor error`, protocol());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const s = this.session;
    this.session = null;
    this.stoppedPolitely = s ? await s.stop() : null;
  }
}

/** Starts the implementation and completes the handshake; a start-up problem comes back as a message. */
export async function startProcessIut(opts: ProcessIutOptions): Promise<StartOutcome> {
  if (opts.command.length === 0 || opts.command[0] === "") return { ok: false, message: "no command given" };
  const iut = new ProcessIut(opts);
  const problem = await iut.start();
  if (problem !== null) {
    await iut.close();
    return { ok: false, message: problem };
  }
  return { ok: true, iut };
}

/** Kills every implementation process group still running (for a runner interrupted by a signal). */
export function killAllImplementations(): void {
  for (const pgid of liveGroups) killGroup(pgid, "SIGKILL");
  liveGroups.clear();
}
