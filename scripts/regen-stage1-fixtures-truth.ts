// FC-STAGE1-5, FC-STAGE1-RAW-12: writes the expected findings of the breadth recordings from each tool's own structured output.
//
// Written by `npm run regen` (generator stage1-truth, scripts/regen-generators.ts) from the recordings that
// scripts/regen-stage1-fixtures-breadth.sh makes (`npm run regen -- --with-tools`).
//
// Every reader below reads a structured output the tool itself printed (JSON, SARIF, XML, a tab-separated
// template, or a line format the tool documents as machine-readable) by its documented field names. None
// of them imports src/normalize: the expectations never come from the parser they check. Each expected
// finding is { rule, path, line, severity, message }; rule is null where the structured output does not
// name the rule the text prints (clang's SARIF numbers its rules; go vet's text does not name the analyzer),
// and `ignore` lists what a recording cannot carry (cppcheck's gcc template prints every severity as
// `warning`; checkstyle XML does not say which tool wrote it, so only the code is compared; JUnit carries
// neither severity nor the linter's rule name).
import { readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dirname, "..", "src", "normalize", "fixtures", "breadth");
const PROJECTS = join(import.meta.dirname, "..", "src", "normalize", "fixtures", "projects", "breadth");
const ROOT = "/home/dev/sample";

type Severity = "error" | "warning" | "info";
interface Truth {
  rule: string | null;
  path: string;
  line: number;
  severity: Severity;
  message: string;
}

const read = (f: string): string => readFileSync(join(DIR, f), "utf8");
const rel = (p: string): string => {
  const s = p.replace(/^file:\/\//, "");
  const m = /^\/home\/dev\/sample\/[a-z0-9-]+\/(.*)$/.exec(s);
  return m ? m[1]! : s;
};
const lines = (t: string): string[] => t.split("\n").filter((l) => l.trim() !== "");

/** Every JSON document of a text that holds several one after the other (clang 19 prints one per file). */
function documents(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) out.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return out;
}

const READERS: Record<string, (file: string) => Truth[]> = {
  /** clang SARIF: level and message per result; the location's URI and start line. */
  "clang-sarif": (f) =>
    documents(read(f)).flatMap((doc) =>
      // biome-ignore lint/suspicious/noExplicitAny: SARIF documents are read by field name
      ((doc as any).runs as any[]).flatMap((run) =>
        // biome-ignore lint/suspicious/noExplicitAny: as above
        (run.results as any[]).map((r) => ({
          rule: null,
          path: rel(r.locations[0].physicalLocation.artifactLocation.uri),
          line: r.locations[0].physicalLocation.region.startLine,
          severity: r.level === "error" ? "error" : r.level === "warning" ? "warning" : "info",
          message: r.message.text,
        })),
      ),
    ),
  /** The same for the text output, where a note without a code of its own joins the diagnostic before it. */
  "clang-sarif-text": (f) => READERS["clang-sarif"]!(f).filter((t) => t.severity !== "info"),
  /** cppcheck --xml: one <error> per diagnostic, its first <location> the place. */
  "cppcheck-xml": (f) => {
    const out: Truth[] = [];
    const text = read(f);
    for (const m of text.matchAll(
      /<error id="([^"]+)" severity="([^"]+)" msg="([^"]*)"[^>]*>\s*<location file="([^"]+)" line="(\d+)"/g,
    )) {
      const sev = m[2]!;
      out.push({
        rule: `cppcheck:${m[1]}`,
        path: m[4]!,
        line: Number(m[5]),
        severity: sev === "error" ? "error" : sev === "warning" ? "warning" : "info",
        message: m[3]!
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&"),
      });
    }
    return out;
  },
  /** go vet -json: package → analyzer → [{posn, message}]. */
  "go-vet-json": (f) => {
    const text = read(f).replace(/^#.*$/gm, "");
    const doc = JSON.parse(text) as Record<string, Record<string, { posn: string; message: string }[]>>;
    return Object.values(doc).flatMap((analyzers) =>
      Object.values(analyzers).flatMap((ds) =>
        ds.map((d) => {
          const m = /^(.*):(\d+):\d+$/.exec(d.posn)!;
          return {
            rule: null,
            path: rel(m[1]!),
            line: Number(m[2]),
            severity: "error" as const,
            message: d.message,
          };
        }),
      ),
    );
  },
  /** The same read as Stage 1 reads the JSON itself: each diagnostic named after its analyzer, `vet:<analyzer>`. */
  "go-vet-json-analyzers": (f) => {
    const text = read(f).replace(/^#.*$/gm, "");
    const doc = JSON.parse(text) as Record<string, Record<string, { posn: string; message: string }[]>>;
    return Object.values(doc).flatMap((analyzers) =>
      Object.entries(analyzers).flatMap(([name, ds]) =>
        ds.map((d) => {
          const m = /^(.*):(\d+):\d+$/.exec(d.posn)!;
          return {
            rule: `vet:${name}`,
            path: rel(m[1]!),
            line: Number(m[2]),
            severity: "error" as const,
            message: d.message,
          };
        }),
      ),
    );
  },
  /** go build -gcflags=-e: every compile error, uncapped, one `path:line:col: message` line each. */
  "go-build-all": (f) =>
    lines(read(f))
      .filter((l) => !l.startsWith("#"))
      .map((l) => {
        const m = /^(.*?):(\d+):\d+: (.*)$/.exec(l)!;
        return {
          rule: "go:error",
          path: m[1]!,
          line: Number(m[2]),
          severity: "error" as const,
          message: m[3]!,
        };
      }),
  /** The same, as far as the compiler prints without -e: its first ten errors (gc's documented cap). */
  "go-build-capped": (f) => READERS["go-build-all"]!(f).slice(0, 10),
  /** go test -json: a failed test none of whose subtests failed; its first `file.go:N:` output line. */
  "go-test-json": (f) => {
    const events = lines(read(f))
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { Action: string; Package: string; Test?: string; Output?: string });
    const failed = events.filter((e) => e.Action === "fail" && e.Test !== undefined);
    const leaves = failed.filter((e) => !failed.some((o) => o.Test!.startsWith(`${e.Test}/`)));
    return leaves.map((e) => {
      const out = events.filter((o) => o.Action === "output" && o.Test === e.Test).map((o) => o.Output ?? "");
      const at = out
        .map((o) => /^\s+(\w+\.go):(\d+): (.*)$/.exec(o.replace(/\n$/, "")))
        .find((m) => m !== null)!;
      const dir = e.Package.split("/").slice(2).join("/");
      return {
        rule: "go:test-failed",
        path: `${dir}/${at[1]}`,
        line: Number(at[2]),
        severity: "error" as const,
        message: `${e.Test}: ${at[3]}`,
      };
    });
  },
  /** The same for the module in services/inventory (its go.mod: `module example.com/inventory`). */
  "go-test-json-inventory": (f) =>
    READERS["go-test-json"]!(f).map((t) => ({ ...t, path: `services/inventory/${t.path}` })),
  /** go test -json with a test build failure: go 1.19 prints the compiler's lines as plain text. */
  "go-test-build-failed": (f) =>
    lines(read(f))
      .map((l) => /^(.*?\.go):(\d+):\d+: (.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({
        rule: "go:error",
        path: m[1]!,
        line: Number(m[2]),
        severity: "error" as const,
        message: m[3]!,
      })),
  /** pylint -f json: type, path, line, message-id, message. */
  "pylint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        type: string;
        path: string;
        line: number;
        "message-id": string;
        message: string;
      }[]
    ).map((d) => ({
      rule: `pylint:${d["message-id"]}`,
      path: d.path,
      line: d.line,
      severity:
        d.type === "error" || d.type === "fatal" ? "error" : d.type === "warning" ? "warning" : "info",
      message: d.message,
    })),
  /** flake8 with a tab-separated template of its own fields; E/F codes are errors, W/C warnings (settled). */
  "flake8-tsv": (f) =>
    lines(read(f)).map((l) => {
      const [path, row, , code, text] = l.split("\t") as [string, string, string, string, string];
      return {
        rule: `flake8:${code}`,
        path,
        line: Number(row),
        severity: /^[EF]/.test(code) ? "error" : "warning",
        message: text,
      };
    }),
  /** mypy 1.0 (no JSON output yet): its plain one-line-per-diagnostic mode with codes and columns. */
  "mypy-plain": (f) =>
    lines(read(f))
      .map((l) => /^(.*?):(\d+):\d+: (error|note): (.*?)(?: {2}\[([\w-]+)\])?$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({
        rule: `mypy:${m[5] ?? m[3]}`,
        path: m[1]!,
        line: Number(m[2]),
        severity: m[3] === "error" ? "error" : "info",
        message: m[4]!,
      })),
  /** pyright --outputjson: generalDiagnostics with 0-based ranges. */
  "pyright-json": (f) =>
    (
      JSON.parse(read(f)) as {
        generalDiagnostics: {
          file: string;
          severity: string;
          message: string;
          rule?: string;
          range: { start: { line: number } };
        }[];
      }
    ).generalDiagnostics.map((d) => ({
      rule: `pyright:${d.rule ?? d.severity}`,
      path: rel(d.file),
      line: d.range.start.line + 1,
      severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
      message: d.message.split("\n")[0]!,
    })),
  /** shellcheck -f json1: comments with file, line, level, code. */
  "shellcheck-json1": (f) =>
    (
      JSON.parse(read(f)) as {
        comments: { file: string; line: number; level: string; code: number; message: string }[];
      }
    ).comments.map((c) => ({
      rule: `shellcheck:SC${c.code}`,
      path: c.file,
      line: c.line,
      severity: c.level === "error" ? "error" : c.level === "warning" ? "warning" : "info",
      message: c.message,
    })),
  /** yamllint -f parsable, its machine-readable format: `file:line:col: [level] message (rule)`. */
  "yamllint-parsable": (f) =>
    lines(read(f)).map((l) => {
      const m = /^(.*?):(\d+):\d+: \[(error|warning)\] (.*) \(([\w-]+)\)$/.exec(l)!;
      return {
        rule: `yamllint:${m[5]}`,
        path: m[1]!,
        line: Number(m[2]),
        severity: m[3] as Severity,
        message: m[4]!,
      };
    }),
  /** stylelint -f json: sources with warnings; the text ends with ` (rule)`, which is the rule. */
  "stylelint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        source: string;
        warnings: { line: number; rule: string; severity: string; text: string }[];
      }[]
    ).flatMap((s) =>
      s.warnings.map((w) => ({
        rule: `stylelint:${w.rule}`,
        path: rel(s.source),
        line: w.line,
        severity: w.severity === "error" ? "error" : "warning",
        message: w.text.replace(` (${w.rule})`, ""),
      })),
    ),
  /** markdownlint-cli2's JSON formatter: fileName, lineNumber, ruleNames, ruleDescription, severity. */
  "markdownlint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        fileName: string;
        lineNumber: number;
        ruleNames: string[];
        ruleDescription: string;
        severity?: string;
      }[]
    ).map((d) => ({
      rule: `markdownlint:${d.ruleNames[0]}`,
      path: d.fileName,
      line: d.lineNumber,
      severity: d.severity === "warning" ? "warning" : "error",
      message: d.ruleDescription,
    })),
  /** oxlint -f json: diagnostics with code, severity, filename and the first label's line. */
  "oxlint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        diagnostics: {
          message: string;
          code: string;
          severity: string;
          filename: string;
          labels: { span: { line: number } }[];
        }[];
      }
    ).diagnostics.map((d) => ({
      rule: `oxlint:${d.code}`,
      path: d.filename,
      line: d.labels[0]!.span.line,
      severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
      message: d.message,
    })),
  /** biome --reporter=json: diagnostics with category, severity, location.path and location.start.line. */
  "biome-json": (f) =>
    (
      JSON.parse(read(f)) as {
        diagnostics: {
          severity: string;
          message: string;
          category: string;
          location: { path: string; start: { line: number } };
        }[];
      }
    ).diagnostics.map((d) => ({
      rule: `biome:${d.category}`,
      path: d.location.path,
      line: d.location.start.line,
      severity:
        d.severity === "error" || d.severity === "fatal"
          ? "error"
          : d.severity === "warning"
            ? "warning"
            : "info",
      message: d.message,
    })),
  /** pycodestyle with a tab-separated template of its own fields; E codes are errors, W warnings (as flake8's). */
  "pycodestyle-tsv": (f) =>
    lines(read(f)).map((l) => {
      const [path, row, , code, text] = l.split("\t") as [string, string, string, string, string];
      return {
        rule: `pycodestyle:${code}`,
        path,
        line: Number(row),
        severity: /^E/.test(code) ? "error" : "warning",
        message: text,
      };
    }),
  /** bandit -f json: results with filename, line_number, test_id, issue_severity, issue_text. */
  "bandit-json": (f) =>
    (
      JSON.parse(read(f)) as {
        results: {
          filename: string;
          line_number: number;
          test_id: string;
          issue_severity: string;
          issue_text: string;
        }[];
      }
    ).results.map((r) => ({
      rule: `bandit:${r.test_id}`,
      path: r.filename,
      line: r.line_number,
      // Settled in spec/stage1.md: bandit's HIGH is an error, MEDIUM a warning, LOW info.
      severity: r.issue_severity === "HIGH" ? "error" : r.issue_severity === "MEDIUM" ? "warning" : "info",
      message: r.issue_text,
    })),
  /** cargo clippy --message-format=json: compiler messages with a code, at their primary span. */
  "clippy-json": (f) =>
    lines(read(f))
      .map(
        (l) =>
          JSON.parse(l) as {
            reason: string;
            message?: {
              message: string;
              level: string;
              code: { code: string } | null;
              spans: { file_name: string; line_start: number; is_primary: boolean }[];
            };
          },
      )
      .filter((e) => e.reason === "compiler-message" && e.message?.code && e.message.spans.length > 0)
      .map((e) => {
        const m = e.message!;
        const span = m.spans.find((sp) => sp.is_primary) ?? m.spans[0]!;
        const code = m.code!.code;
        return {
          rule: code.startsWith("clippy::") ? `clippy:${code.slice(8)}` : `rustc:${code}`,
          path: span.file_name,
          line: span.line_start,
          severity: m.level === "error" ? "error" : m.level === "warning" ? "warning" : "info",
          message: m.message,
        };
      }),
  /** sqlfluff lint --format json: files with violations (line_no, code, description). */
  "sqlfluff-json": (f) =>
    (
      JSON.parse(read(f)) as {
        filepath: string;
        violations: { line_no: number; code: string; description: string }[];
      }[]
    ).flatMap((file) =>
      file.violations.map((v) => ({
        rule: `sqlfluff:${v.code}`,
        path: file.filepath,
        line: v.line_no,
        severity: "error" as const,
        message: v.description,
      })),
    ),
  /** puppet-lint --json: per file a list of problems (kind, check, message, line). */
  "puppet-lint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        kind: string;
        check: string;
        message: string;
        line: number;
        path: string;
      }[][]
    )
      .flat()
      .map((p) => ({
        rule: `puppet-lint:${p.check}`,
        path: p.path,
        line: p.line,
        severity: p.kind === "error" ? "error" : p.kind === "warning" ? "warning" : "info",
        message: p.message,
      })),
  /** eslint -f json: files with messages (ruleId, severity 1/2, message, line). */
  "eslint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        filePath: string;
        messages: { ruleId: string | null; severity: number; message: string; line: number }[];
      }[]
    ).flatMap((file) =>
      file.messages.map((m) => ({
        rule: m.ruleId === null ? null : `eslint:${m.ruleId}`,
        path: rel(file.filePath),
        line: m.line,
        severity: m.severity === 2 ? "error" : "warning",
        message: m.message,
      })),
    ),
  /** The same as ESLint's stylish formatter prints it: it leaves out a message's final period. */
  "eslint-json-stylish": (f) =>
    READERS["eslint-json"]!(f).map((t) => ({ ...t, message: t.message.replace(/\.$/, "") })),
  /** rubocop --format json: files with offenses (severity, message, cop_name, location.line). */
  "rubocop-json": (f) =>
    (
      JSON.parse(read(f)) as {
        files: {
          path: string;
          offenses: { severity: string; message: string; cop_name: string; location: { line: number } }[];
        }[];
      }
    ).files.flatMap((file) =>
      file.offenses.map((o) => ({
        rule: `rubocop:${o.cop_name}`,
        path: file.path,
        line: o.location.line,
        severity:
          o.severity === "error" || o.severity === "fatal"
            ? "error"
            : o.severity === "warning"
              ? "warning"
              : "info",
        message: o.message,
      })),
    ),
  /** The same as rubocop's default (uncoloured) formatter prints it: code spans lose their backticks. */
  "rubocop-json-plain": (f) =>
    READERS["rubocop-json"]!(f).map((t) => ({ ...t, message: t.message.replace(/`/g, "") })),
  /** hlint --json: ideas with file, startLine, severity and hint (hlint names no code: rule left open). */
  "hlint-json": (f) =>
    (JSON.parse(read(f)) as { file: string; startLine: number; severity: string; hint: string }[]).map(
      (h) => ({
        rule: null,
        path: h.file,
        line: h.startLine,
        severity: h.severity === "Error" ? "error" : h.severity === "Warning" ? "warning" : "info",
        message: h.hint,
      }),
    ),
  /** perlcritic with a tab template of its own fields (file, line, column, severity, policy, message). */
  "perlcritic-tsv": (f) =>
    lines(read(f)).map((l) => {
      const [path, line, , sev, , message] = l.split("\t") as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const n = Number(sev);
      return {
        // Verbosity 5 prints no policy name: the rule is left open.
        rule: null,
        path,
        line: Number(line),
        severity: n === 5 ? "error" : n >= 3 ? "warning" : "info",
        message,
      };
    }),
  /**
   * clang-tidy --export-fixes: one `- DiagnosticName:` entry per diagnostic with its message, file and byte
   * offset, read line by line (the YAML clang-tidy writes); the offset becomes a line in the sample source.
   */
  "clang-tidy-yaml": (f) => {
    const out: Truth[] = [];
    let name = "";
    let message = "";
    let file = "";
    let level = "Warning";
    const flush = (offset: number): void => {
      // The sample project the file belongs to: `/home/dev/sample/<project>/…` (c, c-syntax).
      const project = /^\/home\/dev\/sample\/([a-z0-9-]+)\//.exec(file)?.[1] ?? "c";
      const source = readFileSync(join(PROJECTS, project, rel(file)), "utf8");
      out.push({
        rule: `clang-tidy:${name}`,
        path: rel(file),
        line: source.slice(0, offset).split("\n").length,
        severity: level === "Error" ? "error" : "warning",
        message,
      });
    };
    const pending: (() => void)[] = [];
    for (const l of read(f).split("\n")) {
      const m =
        /^ {2}- DiagnosticName:\s+(\S+)$|^ {6}Message:\s+(.*)$|^ {6}FilePath:\s+'?([^']*)'?$|^ {6}FileOffset:\s+(\d+)$|^ {4}Level:\s+(\w+)$/.exec(
          l,
        );
      if (!m) continue;
      if (m[1] !== undefined) name = m[1];
      else if (m[2] !== undefined) message = m[2].replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
      else if (m[3] !== undefined) file = m[3];
      else if (m[4] !== undefined) {
        const offset = Number(m[4]);
        pending.push(() => flush(offset));
      } else if (m[5] !== undefined) {
        level = m[5];
        pending.pop()?.();
      }
    }
    return out;
  },
  /** htmlhint -f json: files with messages (type, message, line, rule.id). */
  "htmlhint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        file: string;
        messages: { type: string; message: string; line: number; rule: { id: string } }[];
      }[]
    ).flatMap((file) =>
      file.messages.map((m) => ({
        rule: `htmlhint:${m.rule.id}`,
        path: rel(file.file),
        line: m.line,
        severity: m.type === "error" ? "error" : m.type === "warning" ? "warning" : "info",
        message: m.message,
      })),
    ),
  /** luacheck --formatter=plain --codes, its machine format: `path:line:col: (W211) message` (E codes errors). */
  "luacheck-plain": (f) =>
    lines(read(f)).map((l) => {
      const m = /^(.*?):(\d+):\d+: \(([EW]\d{3})\) (.*)$/.exec(l)!;
      return {
        rule: `luacheck:${m[3]}`,
        path: m[1]!,
        line: Number(m[2]),
        severity: m[3]!.startsWith("E") ? "error" : "warning",
        message: m[4]!,
      };
    }),
  /** The same, for a report printed without --codes: the rule is left open. */
  "luacheck-plain-nocode": (f) => READERS["luacheck-plain"]!(f).map((t) => ({ ...t, rule: null })),
  /**
   * The same as luacheck's default (coloured) report prints it: a warning's quoted name is shown in bold
   * instead, so its quotes are not in the text once the colours are taken out (a syntax error keeps them).
   */
  "luacheck-plain-colour": (f) =>
    READERS["luacheck-plain"]!(f).map((t) =>
      t.severity === "warning" ? { ...t, message: t.message.replace(/'([^']*)'/g, "$1") } : t,
    ),
  "luacheck-plain-colour-nocode": (f) =>
    READERS["luacheck-plain-colour"]!(f).map((t) => ({ ...t, rule: null })),
  /** staticcheck -f json: one object per line with code, severity, location.file/line and message. */
  "staticcheck-json": (f) =>
    lines(read(f)).map((l) => {
      const d = JSON.parse(l) as {
        code: string;
        severity: string;
        location: { file: string; line: number };
        message: string;
      };
      return {
        rule: `staticcheck:${d.code}`,
        path: rel(d.location.file),
        line: d.location.line,
        severity: d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info",
        message: d.message,
      };
    }),
  /** phpcs --report=json: files (by path) with messages (message, source, type, line). */
  "phpcs-json": (f) =>
    Object.entries(
      (
        JSON.parse(read(f)) as {
          files: Record<
            string,
            { messages: { message: string; source: string; type: string; line: number }[] }
          >;
        }
      ).files,
    ).flatMap(([path, file]) =>
      file.messages.map((m) => ({
        rule: `phpcs:${m.source}`,
        path: rel(path),
        line: m.line,
        severity: m.type === "ERROR" ? "error" : "warning",
        message: m.message,
      })),
    ),
  /** The same, for a report printed without -s (no sniff code): the rule is left open. */
  "phpcs-json-nosource": (f) => READERS["phpcs-json"]!(f).map((t) => ({ ...t, rule: null })),
  /** ansible-lint -f codeclimate: issues with check_name, level, description, location.path/lines.begin. */
  "ansible-lint-codeclimate": (f) =>
    (
      JSON.parse(read(f)) as {
        check_name: string;
        level: string;
        description: string;
        location: { path: string; lines?: { begin: number }; positions?: { begin: { line: number } } };
      }[]
    ).map((d) => ({
      rule: `ansible-lint:${d.check_name}`,
      path: d.location.path,
      line: d.location.lines?.begin ?? d.location.positions!.begin.line,
      severity: d.level === "error" ? "error" : d.level === "warning" ? "warning" : "info",
      message: d.description,
    })),
  /** tslint -t json: failures with name, ruleName, ruleSeverity and a 0-based startPosition. */
  "tslint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        name: string;
        ruleName: string;
        ruleSeverity: string;
        failure: string;
        startPosition: { line: number };
      }[]
    ).map((d) => ({
      rule: `tslint:${d.ruleName}`,
      path: rel(d.name),
      line: d.startPosition.line + 1,
      severity: d.ruleSeverity.toLowerCase() === "error" ? "error" : "warning",
      message: d.failure,
    })),
  /** The same, for the prose formatter, which prints no rule name. */
  "tslint-json-prose": (f) => READERS["tslint-json"]!(f).map((t) => ({ ...t, rule: null })),
  /** standard's lintFiles API: ESLint results (ruleId, severity 1/2), rules named after standard. */
  "standard-json": (f) =>
    READERS["eslint-json"]!(f).map((t) => ({
      ...t,
      rule: t.rule === null ? null : `standard:${t.rule.slice("eslint:".length)}`,
    })),
  /** vfile-reporter-json (remark-lint): files with messages (line, ruleId, source, fatal, reason). */
  "vfile-json": (f) =>
    (
      JSON.parse(read(f)) as {
        path: string;
        messages: { line: number; ruleId: string; source: string; fatal?: boolean | null; reason: string }[];
      }[]
    ).flatMap((file) =>
      file.messages.map((m) => ({
        rule: `${m.source}:${m.ruleId}`,
        path: file.path,
        line: m.line,
        // vfile: fatal true is an error, false a warning, unset info.
        severity: m.fatal === true ? "error" : m.fatal === false ? "warning" : "info",
        message: m.reason,
      })),
    ),
  /** jshint --reporter=checkstyle: <error line severity message source="jshint.W033"> under <file name>. */
  "jshint-checkstyle": (f) => {
    const out: Truth[] = [];
    let file = "";
    for (const l of read(f).split("\n")) {
      const fm = /<file name="([^"]+)">/.exec(l);
      if (fm) file = fm[1]!;
      const m =
        /<error line="(\d+)" column="\d+" severity="(\w+)" message="([^"]*)" source="jshint\.(\w+)"/.exec(l);
      if (!m) continue;
      out.push({
        rule: `jshint:${m[4]}`,
        path: file,
        line: Number(m[1]),
        severity: m[2] === "error" ? "error" : m[2] === "warning" ? "warning" : "info",
        message: m[3]!
          .replace(/&apos;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&"),
      });
    }
    return out;
  },
  /** The same, for the default reporter, which prints no code: the rule is left open. */
  "jshint-checkstyle-nocode": (f) => READERS["jshint-checkstyle"]!(f).map((t) => ({ ...t, rule: null })),
  /** pydocstyle's check() API: filename, line, code, message; every report is an error (the tool's word). */
  "pydocstyle-json": (f) =>
    (JSON.parse(read(f)) as { filename: string; line: number; code: string; message: string }[]).map((e) => ({
      rule: `pydocstyle:${e.code}`,
      path: e.filename,
      line: e.line,
      severity: "error" as const,
      message: e.message,
    })),
  /** The same as --message-format=short prints it: only rustc's E codes are printed, other rules left open. */
  "cargo-json-short": (f) =>
    READERS["clippy-json"]!(f).map((t) => ({
      ...t,
      rule: /^rustc:E\d{4}$/.test(t.rule ?? "") ? t.rule : null,
    })),
  /** proselint --json: data.errors with check, line, severity and message (of NOTES.md, the one file checked). */
  "proselint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        data: { errors: { check: string; line: number; severity: string; message: string }[] };
      }
    ).data.errors.map((e) => ({
      rule: `proselint:${e.check}`,
      path: "NOTES.md",
      line: e.line,
      severity: e.severity === "error" ? "error" : e.severity === "warning" ? "warning" : "info",
      message: e.message,
    })),
  /** cpplint --output=junit: per file a <failure> whose lines are `line: message [category] [confidence]`. */
  "cpplint-junit": (f) => {
    const out: Truth[] = [];
    const text = read(f);
    for (const tc of text.matchAll(/<testcase name="([^"]+)"><failure>([\s\S]*?)<\/failure>/g)) {
      for (const l of tc[2]!.split("\n")) {
        const m = /^(\d+): (.*) \[([\w/+-]+)\] \[\d\]$/.exec(l);
        if (!m) continue;
        out.push({
          rule: `cpplint:${m[3]}`,
          path: tc[1]!,
          line: Number(m[1]),
          // cpplint calls every report an error.
          severity: "error",
          message: m[2]!
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">")
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, "&"),
        });
      }
    }
    return out;
  },
  /**
   * buf lint --error-format=json: one object per line (path, start_line, type, message). buf fails the run on
   * every one and its github-actions format prints each as `::error`: an error. Its text and github-actions
   * formats print no rule type, so the rule is left open.
   */
  "buf-json": (f) =>
    lines(read(f)).map((l) => {
      const d = JSON.parse(l) as { path: string; start_line: number; type: string; message: string };
      return { rule: null, path: d.path, line: d.start_line, severity: "error" as const, message: d.message };
    }),
  /** flawfinder --sarif: results with ruleId, level and a message `category/name:text`. */
  "flawfinder-sarif": (f) =>
    // biome-ignore lint/suspicious/noExplicitAny: SARIF documents are read by field name
    ((JSON.parse(read(f)) as any).runs[0].results as any[]).map((r) => ({
      rule: `flawfinder:${r.ruleId}`,
      path: rel(r.locations[0].physicalLocation.artifactLocation.uri),
      line: r.locations[0].physicalLocation.region.startLine,
      severity: r.level === "error" ? "error" : r.level === "warning" ? "warning" : "info",
      message: r.message.text,
    })),
  /** The same as its text report prints it: `[level] (category) name:` then the text; the rule is the name. */
  "flawfinder-sarif-text": (f) =>
    READERS["flawfinder-sarif"]!(f).map((t) => {
      const m = /^([\w]+\/[\w]+):(.*)$/.exec(t.message)!;
      return { ...t, rule: `flawfinder:${m[1]}`, message: m[2]! };
    }),
  /** textlint -f json: ESLint's shape (filePath, messages with ruleId, severity 2/1); stylish drops a final period. */
  "textlint-json-stylish": (f) =>
    READERS["eslint-json"]!(f).map((t) => ({
      ...t,
      rule: t.rule === null ? null : `textlint:${t.rule.slice("eslint:".length)}`,
      message: t.message.replace(/\.$/, ""),
    })),
  /** solhint -f json: reports (line, severity Error/Warning, message, ruleId, filePath), then a conclusion. */
  "solhint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        line?: number;
        severity?: string;
        message?: string;
        ruleId?: string;
        filePath?: string;
      }[]
    )
      .filter((r) => r.ruleId !== undefined)
      .map((r) => ({
        rule: `solhint:${r.ruleId}`,
        path: r.filePath!,
        line: r.line!,
        severity: r.severity === "Error" ? "error" : r.severity === "Warning" ? "warning" : "info",
        message: r.message!,
      })),
  /** dockerfilelint -o json: files with issues (a string line, title, description); every one an error. */
  "dockerfilelint-json": (f) =>
    (
      JSON.parse(read(f)) as {
        files: { file: string; issues: { line: string; title: string; description: string }[] }[];
      }
    ).files.flatMap((file) =>
      file.issues.map((i) => ({
        rule: `dockerfilelint:${i.title.trim().replace(/\s+/g, "-")}`,
        path: file.file,
        line: Number(i.line),
        severity: "error" as const,
        message: i.description,
      })),
    ),
  /** gherkin-lint -f json: files (filePath) with errors (message, rule, line); it names every one an error. */
  "gherkin-lint-json": (f) =>
    (
      JSON.parse(read(f)) as { filePath: string; errors: { message: string; rule: string; line: number }[] }[]
    ).flatMap((file) =>
      file.errors.map((e) => ({
        rule: `gherkin-lint:${e.rule}`,
        path: rel(file.filePath),
        line: e.line,
        severity: "error" as const,
        message: e.message,
      })),
    ),
  /** ChkTeX with a tab template of its own fields: file, line, column, kind, number, message. */
  "chktex-tsv": (f) =>
    lines(read(f)).map((l) => {
      const [path, line, , kind, n, message] = l.split("\t") as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return {
        rule: `chktex:${n}`,
        path,
        line: Number(line),
        severity: kind === "Error" ? "error" : kind === "Warning" ? "warning" : "info",
        message,
      };
    }),
  /** csslint --format=json: one file (filename) with messages (type, line, message, rule.id). */
  "csslint-json": (f) => {
    const doc = JSON.parse(read(f)) as {
      filename: string;
      messages: { type: string; line: number; message: string; rule: { id: string } }[];
    };
    return doc.messages.map((m) => ({
      rule: `csslint:${m.rule.id}`,
      path: rel(doc.filename),
      line: m.line,
      severity: m.type === "error" ? "error" : "warning",
      message: m.message,
    }));
  },
  /** The same, for its default text report, which prints no rule: left open. */
  "csslint-json-norule": (f) => READERS["csslint-json"]!(f).map((t) => ({ ...t, rule: null })),
  /**
   * coffeelint --reporter raw: per path, errors with name, level, message, context and lineNumber; its text
   * report prints no rule (left open) and joins the context to the message.
   */
  "coffeelint-raw": (f) =>
    Object.entries(
      JSON.parse(read(f)) as Record<
        string,
        { name: string; level: string; message: string; lineNumber: number }[]
      >,
    ).flatMap(([path, errs]) =>
      errs.map((e) => ({
        rule: null,
        path,
        line: e.lineNumber,
        severity: e.level === "error" ? "error" : e.level === "warn" ? "warning" : "info",
        message: e.message,
      })),
    ),
};

/** Subject recordings: the file parsed, the format name a caller would give, where its truth comes from. */
interface Subject {
  file: string;
  format: string;
  truth: string;
  reader: keyof typeof READERS;
  ignore?: ("severity" | "rule" | "tool")[];
  /** Stage 1's own `normalize:*` remarks the recording calls for (Go's `too many errors`: more exist). */
  notices?: number;
  /** Repo paths the request would name beside the output (a go.mod in a subdirectory). */
  repoPaths?: string[];
  exitCode?: number;
  /** The sample project the recording ran in, when it is not its producer's (PROJECT below). */
  project?: string;
}

const S = (
  file: string,
  format: string,
  truth: string,
  reader: keyof typeof READERS,
  more: Partial<Subject> = {},
): Subject => ({
  file,
  format,
  truth,
  reader,
  ...more,
});

export const SUBJECTS: Subject[] = [
  S("clang/clang19.txt", "clang", "clang/clang19-sarif.json", "clang-sarif-text"),
  S("clang/clang19-sarif.json", "sarif", "clang/clang19-sarif.json", "clang-sarif"),
  S("clang/clang19-sarif-stderr.txt", "clang", "clang/clang19-sarif.json", "clang-sarif"),
  S("clang-tidy/clang-tidy.txt", "clang-tidy", "clang-tidy/clang-tidy.truth.yaml", "clang-tidy-yaml"),
  S(
    "clang-tidy/clang-tidy-syntax.txt",
    "clang-tidy",
    "clang-tidy/clang-tidy-syntax.truth.yaml",
    "clang-tidy-yaml",
    {
      project: "c-syntax",
    },
  ),
  S("cppcheck/cppcheck-default.txt", "cppcheck", "cppcheck/cppcheck.truth.xml", "cppcheck-xml"),
  S("cppcheck/cppcheck-gcc.txt", "cppcheck", "cppcheck/cppcheck.truth.xml", "cppcheck-xml", {
    ignore: ["severity"],
  }),
  S("go/go-vet.txt", "go", "go/go-vet.truth.json", "go-vet-json"),
  S("go/go-vet.truth.json", "go-vet-json", "go/go-vet.truth.json", "go-vet-json-analyzers"),
  S("go/go-build.txt", "go", "go/go-build.truth.txt", "go-build-capped", { notices: 1 }),
  S("go/go-test.txt", "go", "go/go-test.truth.json", "go-test-json"),
  S("go/go-test-v.txt", "go", "go/go-test.truth.json", "go-test-json"),
  S("go/go-test.truth.json", "go-test-json", "go/go-test.truth.json", "go-test-json"),
  S("go/go-test-build-failed.txt", "go", "go/go-test-build-failed.json", "go-test-build-failed"),
  S("go/go-test-build-failed.json", "go-test-json", "go/go-test-build-failed.json", "go-test-build-failed"),
  S("go/go-test-submodule.txt", "go", "go/go-test-submodule.truth.json", "go-test-json-inventory", {
    repoPaths: ["services/inventory/go.mod"],
  }),
  S(
    "go/go-test-submodule.truth.json",
    "go-test-json",
    "go/go-test-submodule.truth.json",
    "go-test-json-inventory",
    {
      repoPaths: ["services/inventory/go.mod"],
    },
  ),
  S("pylint/pylint.txt", "pylint", "pylint/pylint.json", "pylint-json"),
  S("pylint/pylint-parseable.txt", "pylint", "pylint/pylint.json", "pylint-json"),
  S("pylint/pylint.json", "pylint", "pylint/pylint.json", "pylint-json"),
  S("flake8/flake8.txt", "flake8", "flake8/flake8.truth.tsv", "flake8-tsv"),
  S("mypy/mypy.txt", "mypy", "mypy/mypy.truth.txt", "mypy-plain"),
  S("mypy/mypy-pretty.txt", "mypy", "mypy/mypy.truth.txt", "mypy-plain"),
  S("pyright/pyright.txt", "pyright", "pyright/pyright.json", "pyright-json"),
  S("pyright/pyright.json", "pyright", "pyright/pyright.json", "pyright-json"),
  S("shellcheck/shellcheck-gcc.txt", "shellcheck", "shellcheck/shellcheck-json1.json", "shellcheck-json1"),
  S("shellcheck/shellcheck-tty.txt", "shellcheck", "shellcheck/shellcheck-json1.json", "shellcheck-json1"),
  S(
    "shellcheck/shellcheck-checkstyle.xml",
    "checkstyle",
    "shellcheck/shellcheck-json1.json",
    "shellcheck-json1",
    { ignore: ["tool"] },
  ),
  S("shellcheck/shellcheck-json1.json", "shellcheck", "shellcheck/shellcheck-json1.json", "shellcheck-json1"),
  S("yamllint/yamllint-standard.txt", "yamllint", "yamllint/yamllint.truth.txt", "yamllint-parsable"),
  S("yamllint/yamllint-github.txt", "yamllint", "yamllint/yamllint.truth.txt", "yamllint-parsable"),
  S("stylelint/stylelint-string.txt", "stylelint", "stylelint/stylelint-json.json", "stylelint-json"),
  S("stylelint/stylelint-unix.txt", "stylelint", "stylelint/stylelint-json.json", "stylelint-json"),
  S("stylelint/stylelint-compact.txt", "stylelint", "stylelint/stylelint-json.json", "stylelint-json"),
  S("stylelint/stylelint-tap.tap", "stylelint", "stylelint/stylelint-json.json", "stylelint-json"),
  S("stylelint/stylelint-json.json", "stylelint", "stylelint/stylelint-json.json", "stylelint-json"),
  S(
    "markdownlint/markdownlint-cli2.txt",
    "markdownlint",
    "markdownlint/markdownlint-cli2.json",
    "markdownlint-json",
  ),
  S(
    "markdownlint/markdownlint-cli2.json",
    "markdownlint",
    "markdownlint/markdownlint-cli2.json",
    "markdownlint-json",
  ),
  S("oxlint/oxlint-default.txt", "oxlint", "oxlint/oxlint-json.json", "oxlint-json"),
  S("oxlint/oxlint-unix.txt", "oxlint", "oxlint/oxlint-json.json", "oxlint-json"),
  S("oxlint/oxlint-stylish.txt", "oxlint", "oxlint/oxlint-json.json", "oxlint-json"),
  S("oxlint/oxlint-github.txt", "oxlint", "oxlint/oxlint-json.json", "oxlint-json"),
  S("oxlint/oxlint-checkstyle.xml", "checkstyle", "oxlint/oxlint-json.json", "oxlint-json", {
    ignore: ["tool"],
  }),
  S("oxlint/oxlint-junit.xml", "junit", "oxlint/oxlint-json.json", "oxlint-json", {
    ignore: ["severity", "rule"],
  }),
  S("oxlint/oxlint-json.json", "oxlint", "oxlint/oxlint-json.json", "oxlint-json"),
  S("biome/biome-json.json", "biome", "biome/biome-json.json", "biome-json"),
  S("biome/biome-github.txt", "biome", "biome/biome-json.json", "biome-json"),
  S("biome/biome-checkstyle.xml", "checkstyle", "biome/biome-json.json", "biome-json", { ignore: ["tool"] }),
  S("biome/biome-junit.xml", "junit", "biome/biome-json.json", "biome-json", {
    ignore: ["severity", "rule"],
  }),
  S("biome/biome-rdjson.json", "rdjson", "biome/biome-json.json", "biome-json"),
  S("biome/biome-concise.txt", "biome", "biome/biome-json.json", "biome-json"),
  S("biome/biome-default.txt", "biome", "biome/biome-json.json", "biome-json"),
  S("pycodestyle/pycodestyle.txt", "pycodestyle", "pycodestyle/pycodestyle.truth.tsv", "pycodestyle-tsv"),
  S("bandit/bandit.txt", "bandit", "bandit/bandit.json", "bandit-json"),
  S("clippy/clippy.txt", "clippy", "clippy/clippy.truth.json", "clippy-json", { ignore: ["tool"] }),
  S("sqlfluff/sqlfluff.txt", "sqlfluff", "sqlfluff/sqlfluff.json", "sqlfluff-json"),
  S("sqlfluff/sqlfluff-parse-errors.txt", "sqlfluff", "sqlfluff/sqlfluff-parse-errors.json", "sqlfluff-json"),
  S("puppet-lint/puppet-lint.txt", "puppet-lint", "puppet-lint/puppet-lint.json", "puppet-lint-json"),
  S("eslint/eslint-stylish.txt", "eslint", "eslint/eslint.json", "eslint-json-stylish"),
  S("eslint/eslint.json", "eslint", "eslint/eslint.json", "eslint-json"),
  S(
    "markdownlint/markdownlint-cli.txt",
    "markdownlint",
    "markdownlint/markdownlint-cli.json",
    "markdownlint-json",
  ),
  S("rubocop/rubocop.txt", "rubocop", "rubocop/rubocop.json", "rubocop-json-plain"),
  S("rubocop/rubocop-emacs.txt", "rubocop", "rubocop/rubocop.json", "rubocop-json"),
  S("rubocop/rubocop.json", "rubocop", "rubocop/rubocop.json", "rubocop-json"),
  S("hlint/hlint.txt", "hlint", "hlint/hlint.json", "hlint-json"),
  S("perlcritic/perlcritic.txt", "perlcritic", "perlcritic/perlcritic.truth.tsv", "perlcritic-tsv"),
  S("htmlhint/htmlhint-default.txt", "htmlhint", "htmlhint/htmlhint-json.json", "htmlhint-json"),
  S("htmlhint/htmlhint-compact.txt", "htmlhint", "htmlhint/htmlhint-json.json", "htmlhint-json"),
  S("htmlhint/htmlhint-unix.txt", "htmlhint", "htmlhint/htmlhint-json.json", "htmlhint-json"),
  S("htmlhint/htmlhint-checkstyle.xml", "checkstyle", "htmlhint/htmlhint-json.json", "htmlhint-json", {
    ignore: ["tool"],
  }),
  S("luacheck/luacheck.txt", "luacheck", "luacheck/luacheck.truth.txt", "luacheck-plain-colour-nocode"),
  S("luacheck/luacheck-codes.txt", "luacheck", "luacheck/luacheck.truth.txt", "luacheck-plain-colour"),
  S("luacheck/luacheck.truth.txt", "luacheck", "luacheck/luacheck.truth.txt", "luacheck-plain"),
  S("luacheck/luacheck-vs.txt", "luacheck", "luacheck/luacheck.truth.txt", "luacheck-plain"),
  // The plain formatter without --codes prints neither code nor severity.
  S("luacheck/luacheck-plain.txt", "luacheck", "luacheck/luacheck.truth.txt", "luacheck-plain-nocode", {
    ignore: ["severity"],
  }),
  S("staticcheck/staticcheck.txt", "staticcheck", "staticcheck/staticcheck.json", "staticcheck-json"),
  S("staticcheck/staticcheck-stylish.txt", "staticcheck", "staticcheck/staticcheck.json", "staticcheck-json"),
  S("staticcheck/staticcheck.json", "staticcheck", "staticcheck/staticcheck.json", "staticcheck-json"),
  S(
    "staticcheck/staticcheck-compile-stylish.txt",
    "staticcheck",
    "staticcheck/staticcheck-compile.json",
    "staticcheck-json",
  ),
  S("phpcs/phpcs.txt", "phpcs", "phpcs/phpcs.truth.json", "phpcs-json-nosource"),
  S("phpcs/phpcs-s.txt", "phpcs", "phpcs/phpcs.truth.json", "phpcs-json"),
  S("phpcs/phpcs-emacs.txt", "phpcs", "phpcs/phpcs.truth.json", "phpcs-json"),
  S("phpcs/phpcs-checkstyle.xml", "checkstyle", "phpcs/phpcs.truth.json", "phpcs-json", { ignore: ["tool"] }),
  S(
    "ansible-lint/ansible-lint.txt",
    "ansible-lint",
    "ansible-lint/ansible-lint.truth.json",
    "ansible-lint-codeclimate",
  ),
  S(
    "ansible-lint/ansible-lint-pep8.txt",
    "ansible-lint",
    "ansible-lint/ansible-lint.truth.json",
    "ansible-lint-codeclimate",
  ),
  S(
    "ansible-lint/ansible-lint-load-failure.txt",
    "ansible-lint",
    "ansible-lint/ansible-lint-load-failure.truth.json",
    "ansible-lint-codeclimate",
  ),
  S("tslint/tslint-stylish.txt", "tslint", "tslint/tslint-json.json", "tslint-json"),
  S("tslint/tslint-verbose.txt", "tslint", "tslint/tslint-json.json", "tslint-json"),
  S("tslint/tslint-prose.txt", "tslint", "tslint/tslint-json.json", "tslint-json-prose"),
  S("standard/standard.txt", "standard", "standard/standard.truth.json", "standard-json"),
  S("remark-lint/remark.txt", "remark", "remark-lint/remark.truth.json", "vfile-json", { ignore: ["tool"] }),
  // The default reporter prints neither code nor severity (and counts every line as an error).
  S("jshint/jshint.txt", "jshint", "jshint/jshint.truth.xml", "jshint-checkstyle-nocode", {
    ignore: ["severity"],
  }),
  S("jshint/jshint-verbose.txt", "jshint", "jshint/jshint.truth.xml", "jshint-checkstyle"),
  S("jshint/jshint.truth.xml", "checkstyle", "jshint/jshint.truth.xml", "jshint-checkstyle"),
  S("pydocstyle/pydocstyle.txt", "pydocstyle", "pydocstyle/pydocstyle.truth.json", "pydocstyle-json"),
  S("cargo-check/cargo-check-short.txt", "cargo", "cargo-check/cargo-check.truth.json", "cargo-json-short"),
  S("clippy/clippy-short.txt", "clippy", "clippy/clippy.truth.json", "cargo-json-short"),
  S("proselint/proselint.txt", "proselint", "proselint/proselint.truth.json", "proselint-json"),
  S("cpplint/cpplint.txt", "cpplint", "cpplint/cpplint.truth.xml", "cpplint-junit"),
  S("buf/buf.txt", "buf", "buf/buf.truth.json", "buf-json"),
  S("buf/buf-github.txt", "buf", "buf/buf.truth.json", "buf-json"),
  S("flawfinder/flawfinder.txt", "flawfinder", "flawfinder/flawfinder.sarif.json", "flawfinder-sarif-text"),
  S("flawfinder/flawfinder.sarif.json", "sarif", "flawfinder/flawfinder.sarif.json", "flawfinder-sarif"),
  S("textlint/textlint.txt", "textlint", "textlint/textlint.truth.json", "textlint-json-stylish"),
  S("solhint/solhint.txt", "solhint", "solhint/solhint.truth.json", "solhint-json"),
  S("eslint/eslint-compact.txt", "eslint", "eslint/eslint.json", "eslint-json"),
  S(
    "dockerfilelint/dockerfilelint.json",
    "dockerfilelint",
    "dockerfilelint/dockerfilelint.json",
    "dockerfilelint-json",
  ),
  S(
    "gherkin-lint/gherkin-lint.txt",
    "gherkin-lint",
    "gherkin-lint/gherkin-lint.truth.json",
    "gherkin-lint-json",
  ),
  S("chktex/chktex.txt", "chktex", "chktex/chktex.truth.tsv", "chktex-tsv"),
  S("csslint/csslint.txt", "csslint", "csslint/csslint.truth.json", "csslint-json-norule"),
  S("csslint/csslint-compact.txt", "csslint", "csslint/csslint.truth.json", "csslint-json"),
  S("coffeelint/coffeelint.txt", "coffeelint", "coffeelint/coffeelint.truth.json", "coffeelint-raw"),
];

/** The sample project each producer ran in (its working directory, the repository root of its findings). */
const PROJECT: Record<string, string> = {
  coffeelint: "coffee",
  csslint: "css",
  chktex: "latex",
  "gherkin-lint": "gherkin",
  dockerfilelint: "docker",
  textlint: "textlint",
  solhint: "solidity",
  flawfinder: "cpp",
  buf: "proto",
  proselint: "prose",
  cpplint: "cpp",
  "cargo-check": "rust-check",
  "remark-lint": "remark",
  jshint: "jshint",
  pydocstyle: "py",
  luacheck: "lua",
  staticcheck: "go",
  phpcs: "php",
  "ansible-lint": "ansible",
  tslint: "tslint",
  standard: "standard",
  pycodestyle: "py",
  bandit: "py",
  clippy: "rust",
  sqlfluff: "sql",
  "puppet-lint": "puppet",
  eslint: "js",
  htmlhint: "html",
  rubocop: "ruby",
  hlint: "haskell",
  perlcritic: "perl",
  clang: "c",
  "clang-tidy": "c",
  cppcheck: "c",
  go: "go",
  pylint: "py",
  flake8: "py",
  mypy: "py",
  pyright: "py",
  shellcheck: "sh",
  yamllint: "yaml",
  stylelint: "css",
  markdownlint: "md",
  oxlint: "js",
  biome: "js",
};

/** The expected-findings files of the breadth recordings: path → text. */
export function stage1TruthFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const s of SUBJECTS) {
    const findings = READERS[s.reader]!(s.truth);
    const doc = {
      generatedBy: `scripts/regen-stage1-fixtures-truth.ts (${s.reader} reader of ${s.truth})`,
      format: s.format,
      repoRoot: `${ROOT}/${s.project ?? PROJECT[s.file.split("/")[0]!]}`,
      ignore: s.ignore ?? [],
      notices: s.notices ?? 0,
      ...(s.repoPaths !== undefined ? { repoPaths: s.repoPaths } : {}),
      findings,
    };
    files.set(join(DIR, `${s.file}.expected.json`), `${JSON.stringify(doc, null, 2)}\n`);
  }
  return files;
}

/** Where the breadth recordings and their expected files live. */
export const BREADTH_DIR = DIR;
