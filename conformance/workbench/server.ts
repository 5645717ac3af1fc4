// FC-WB-1, FC-WB-5, FC-WB-6, FC-WB-8: the workbench's local server (127.0.0.1 only) and its static folder.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { dirname, join, relative, resolve, sep } from "node:path";
import { compactPayload, type ImplementationUnderTest, type Reply } from "../iut.ts";
import { loadCases } from "../runner/cases.ts";
import { lintLibrary } from "../runner/lint.ts";
import type { ConformanceCase } from "../runner/types.ts";
import { caseIdOf, casePathProblem } from "./browser/case-file.ts";
import { workbenchScript } from "./bundle.mjs";
import { judgeReply } from "./judge.ts";
import { DEFAULT_DIRS, type ModelDirs, ROOT, workbenchData } from "./model.ts";
import { sensitiveTexts } from "./planted.ts";
import { type PageMode, renderData, renderPage } from "./page.ts";

export interface Assets {
  "index.html": string;
  "data.js": string;
  "app.js": string;
}

/** Builds the page, its data and its script (the data and the bundle in parallel). */
export async function buildAssets(mode: PageMode, dirs: ModelDirs = DEFAULT_DIRS): Promise<Assets> {
  const [data, script] = await Promise.all([workbenchData(dirs), workbenchScript()]);
  return { "index.html": renderPage(data, mode), "data.js": renderData(data), "app.js": script.js };
}

/** `--out DIR`: the same pages as files; saving a case there downloads it (FC-WB-8). */
export async function writeStatic(outDir: string, dirs: ModelDirs = DEFAULT_DIRS): Promise<string[]> {
  const assets = await buildAssets("static", dirs);
  mkdirSync(outDir, { recursive: true });
  return Object.entries(assets).map(([name, text]) => {
    const file = join(outDir, name);
    writeFileSync(file, text);
    return file;
  });
}

/** Where a case at `path` (as typed) is written below `casesDir`, or the reason it may not be. */
export function caseTarget(casesDir: string, path: string): { file: string } | { error: string } {
  const problem = casePathProblem(path);
  if (problem !== null) return { error: problem };
  const root = resolve(casesDir);
  const file = resolve(root, `${path.replace(/\.json$/, "")}.json`);
  if (!file.startsWith(root + sep)) return { error: "the path leaves conformance/cases" };
  return { file };
}

export interface ServerOptions {
  port: number;
  /** Where "save as case" writes (default: this package's conformance/cases). */
  casesDir: string;
  specDir: string;
  iut: ImplementationUnderTest | null;
  assets: Assets;
}

export interface RunningWorkbench {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        done(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => done(null));
  });
}

const TYPES: Record<string, string> = {
  "index.html": "text/html; charset=utf-8",
  "data.js": "text/javascript; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
};

/** Starts the server on 127.0.0.1 (port 0 = one the OS picks). */
export function startServer(opts: ServerOptions): Promise<RunningWorkbench> {
  let queue: Promise<unknown> = Promise.resolve();
  let cases: Map<string, ConformanceCase> | undefined;
  /** The case library, read once, for judging a reply to an unedited case's request. */
  const casesById = () => {
    cases ??= new Map(loadCases(opts.casesDir).cases.map(({ case: c }) => [c.id, c]));
    return cases;
  };
  /** One request at a time goes to the implementation, as the protocol asks (FC-PROTO-3). */
  const viaIut = (payload: Record<string, unknown>): Promise<Reply> => {
    const next = queue.then(() => opts.iut!.call("compact", payload));
    queue = next.catch(() => undefined);
    return next;
  };
  let origin = "";
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    // Only pages of this server may call it (no DNS rebinding, no cross-site POST).
    const host = req.headers.host ?? "";
    if (
      host !== origin.slice("http://".length) &&
      host !== origin.slice("http://".length).replace("127.0.0.1", "localhost")
    )
      return json(res, 403, { error: { code: "USAGE", message: "unexpected Host header" } });
    const url = new URL(req.url ?? "/", origin);
    const name = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
    if (req.method === "GET" && Object.hasOwn(opts.assets, name)) {
      res.writeHead(200, { "content-type": TYPES[name]!, "cache-control": "no-store" });
      res.end(opts.assets[name as keyof Assets]);
      return;
    }
    if (req.method === "GET" && name === "api/info")
      return json(res, 200, { implementation: opts.iut?.info ?? null, casesDir: opts.casesDir });
    if (req.method !== "POST" || !name.startsWith("api/"))
      return json(res, 404, { error: { code: "USAGE", message: "not found" } });
    const o = req.headers.origin;
    if (
      (o !== undefined && o !== origin) ||
      !(req.headers["content-type"] ?? "").startsWith("application/json")
    )
      return json(res, 403, {
        error: { code: "USAGE", message: "only this workbench's page may post here" },
      });
    const text = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text ?? "") as Record<string, unknown>;
      if (typeof body !== "object" || body === null) throw new Error("not an object");
    } catch {
      return json(res, 400, { error: { code: "USAGE", message: "the body is not a JSON object" } });
    }
    if (name === "api/compact") {
      if (!opts.iut)
        return json(res, 404, { error: { code: "USAGE", message: "no implementation attached" } });
      const options = (body.options ?? {}) as { budgetTokens?: number };
      const reply = await viaIut(compactPayload(body.request, options.budgetTokens));
      // FC-WB-5: the runner's own evaluation of the reply (the unedited case's expectation, the checks any reply is
      // held to, the request's sensitive texts); the page marks contract differences from it.
      const kase = typeof body.caseId === "string" ? casesById().get(body.caseId) : undefined;
      const judged = judgeReply(body.request, options, reply, sensitiveTexts(body.request), kase).checks;
      return json(res, 200, { ...reply, judged });
    }
    if (name === "api/save") {
      const path = typeof body.path === "string" ? body.path : "";
      const target = caseTarget(opts.casesDir, path);
      if ("error" in target)
        return json(res, 400, { ok: false, error: { code: "USAGE", message: target.error } });
      let doc: { id?: unknown };
      try {
        doc = JSON.parse(String(body.text)) as { id?: unknown };
      } catch {
        return json(res, 400, { ok: false, error: { code: "USAGE", message: "the case is not JSON" } });
      }
      if (doc.id !== caseIdOf(path.replace(/\.json$/, "")))
        return json(res, 400, {
          ok: false,
          error: { code: "USAGE", message: "the case id does not match its path" },
        });
      if (existsSync(target.file))
        return json(res, 409, {
          ok: false,
          error: { code: "IO", message: "a case already exists at that path (case ids are never reused)" },
        });
      try {
        mkdirSync(dirname(target.file), { recursive: true });
        writeFileSync(target.file, String(body.text), { flag: "wx" });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? "error";
        return json(res, 500, {
          ok: false,
          error: { code: "IO", message: `cannot write the case (${code})` },
        });
      }
      const rel = relative(opts.casesDir, target.file).split(sep).join("/");
      const report = lintLibrary({ casesDir: opts.casesDir, specDir: opts.specDir, coverage: false });
      const problems = report.problems.filter((p) => p.file === rel).map((p) => `[${p.rule}] ${p.message}`);
      return json(res, 200, { ok: true, file: target.file, problems });
    }
    return json(res, 404, { error: { code: "USAGE", message: "not found" } });
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(opts.port, "127.0.0.1", () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr !== null ? addr.port : opts.port;
      origin = `http://127.0.0.1:${port}`;
      done({
        url: `${origin}/`,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}

export { ROOT };
