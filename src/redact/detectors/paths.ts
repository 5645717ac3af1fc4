// FC-PATH-1, FC-PATH-2, FC-PATH-3: relativise paths under the repo root, mask every other absolute path, keep line:col.
import { ruleById } from "../rules.ts";
import type { KeywordScan } from "./keywords.ts";
import { isAlnum, type Span } from "./types.ts";

// A path segment: no whitespace, quotes, brackets, separators, ':' (kept for line:col suffixes) or placeholder marks.
const SEG = "[^\\s\"'`<>|:;,()\\[\\]{}«»*?\\\\/]{1,255}";
/** A user-name segment may contain single spaces ("/Users/Jane Doe/"), as long as a separator follows. */
const USER_SEG = `(?:[^\\s"'\`<>|:;,()\\[\\]{}«»*?\\\\/][^"'\`<>|:;,()\\[\\]{}«»*?\\\\/\\r\\n\\t]{0,62}[^\\s"'\`<>|:;,()\\[\\]{}«»*?\\\\/](?=/)|${SEG})`;
/** System, home and CI roots (spec/rules/redaction-rules.json, record abs-path: its keywords are the roots with their `/`). */
const ROOTS = (ruleById("abs-path").keywords.posixRoot ?? []).map((w) => w.slice(1));

// POSIX: /home/<user> and /Users/<user> first (user names may hold spaces), then any other known root.
const POSIX_HOME = new RegExp(
  `(?<![A-Za-z0-9_.~/\\\\@-])/(?:home|Users)/${USER_SEG}(?:/${SEG}){0,64}/?`,
  "g",
);
const POSIX = new RegExp(
  `(?<![A-Za-z0-9_.~/\\\\@-])/(?:${ROOTS.join("|")})(?![A-Za-z0-9_.-])(?:/${SEG}){0,64}/?`,
  "g",
);
/** The extensions of source files (a pattern's alternatives): a path ending in one names a file (decode.ts too). */
export const SOURCE_EXTENSIONS =
  "[cm]?[jt]sx?|py|go|rs|java|kt|rb|php|cs|c|cc|cpp|h|hpp|swift|json|ya?ml|toml|sh|vue|svelte";
/** Any other absolute POSIX path that is clearly a file: ≥ 2 segments and a line number or a file extension. */
const POSIX_FILE = new RegExp(
  `(?<![A-Za-z0-9_.~/\\\\@:-])(?:/${SEG}){2,64}(?=:\\d)|(?<![A-Za-z0-9_.~/\\\\@:-])(?:/[A-Za-z0-9_.@+-]{1,255}){1,64}/[A-Za-z0-9_@+-]{1,200}\\.(?:${SOURCE_EXTENSIONS}|lock|log|txt|md|env|pem|key|ini|cfg|conf|sql|html|css)(?![A-Za-z0-9])`,
  "g",
);
// Windows: C:\…, C:\\… (JSON-escaped), C:/…; UNC \\server\share and its escaped form. Under `Users` and
// `Documents and Settings` the user name may hold blanks; under `Program Files` (and `(x86)`) every folder may
// (`C:\Program Files\Acme Tools\app.exe`): a blank goes on a segment that a separator follows.
const WSEP = "(?:\\\\\\\\|\\\\|/)";
const WSEG = "[^\\s\"'`<>|:;*?\\\\/«»]{1,255}";
const WUSER = `(?:[^\\s"'\`<>|:;*?\\\\/«»][^"'\`<>|:;*?\\\\/«»\\r\\n\\t]{0,62}[^\\s"'\`<>|:;*?\\\\/«»](?=[\\\\/])|${WSEG})`;
const WINDOWS = new RegExp(
  `(?<![A-Za-z0-9])[A-Za-z]:${WSEP}(?:(?:Users|Documents and Settings)${WSEP}${WUSER}(?:${WSEP}${WSEG}){0,64}|Program Files(?: \\(x86\\))?(?:${WSEP}${WUSER}){0,64}|${WSEG}(?:${WSEP}${WSEG}){0,64})?${WSEP}?`,
  "gi",
);
const UNC = new RegExp(
  `(?<![A-Za-z0-9\\\\:])(?:\\\\\\\\\\\\\\\\|\\\\\\\\)[A-Za-z0-9._$-]{1,64}(?:${WSEP}${WSEG}){1,64}`,
  "g",
);
const FILE_URI = /file:\/\/(?:\/?[A-Za-z]:)?[^\s"'`<>«»:]{0,2048}/g;
const TILDE = new RegExp(
  `(?<![A-Za-z0-9_~/\\\\.-])~[A-Za-z0-9._-]{0,32}/(?:${SEG}(?:/${SEG}){0,64}/?)?`,
  "g",
);

const GATE = /[/\\~]/;

/** A drive letter standing alone before ':' and a separator: where every WINDOWS match starts. */
function hasDrive(text: string): boolean {
  for (let i = text.indexOf(":", 1); i >= 0; i = text.indexOf(":", i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next !== 92 /* \ */ && next !== 47 /* / */) continue;
    const d = text.charCodeAt(i - 1) | 0x20;
    if (d < 97 || d > 122) continue;
    const before = i >= 2 ? text.charCodeAt(i - 2) : 32;
    if (!isAlnum(before)) return true;
  }
  return false;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

/** Pattern for a repo root in text: any separator style, escaped backslashes, case-insensitive drive letter. */
function rootPattern(root: string): string | null {
  const trimmed = root.replace(/[\\/]+$/, "");
  const parts = trimmed.split(/[\\/]+/).filter((p) => p.length > 0);
  const drive = /^[A-Za-z]:$/.test(parts[0] ?? "");
  // A root with no segment (`/`, `C:\`, `C:`) relativises nothing (FC-PATH-1).
  if (parts.length === (drive ? 1 : 0)) return null;
  const body = parts
    .map((p, i) => (i === 0 && drive ? `[${p[0]!.toLowerCase()}${p[0]!.toUpperCase()}]:` : escapeRe(p)))
    .join(WSEP);
  const lead = drive ? "" : trimmed.startsWith("\\\\") ? "(?:\\\\\\\\\\\\\\\\|\\\\\\\\)" : WSEP;
  return lead + body;
}

/** A repo root's pattern and its longest segment (a text without that segment holds no path under the root). */
interface Root {
  re: RegExp;
  longest: string;
}
const rootCache = new Map<string, Root | null>();

function compileRoot(root: string): Root | null {
  let r = rootCache.get(root);
  if (r === undefined) {
    const p = rootPattern(root);
    const probe = root.replace(/^[A-Za-z]:/, "").replace(/[\\/]+$/, "");
    // file:// URI form, the root followed by separators (dropped), or the bare root (becomes "."). A character that
    // may go on a directory's name (`repo2`, `shop@tmp`, `shop~`, `repo+old`, `repoé`) makes another directory.
    r =
      p === null
        ? null
        : {
            re: new RegExp(`(?:file:///?)?${p}(?:${WSEP}+|(?![\\w.@~+%\\u0080-\\uffff-]))`, "g"),
            // The longest segment: the rarest in text, so most texts are ruled out by one search.
            longest: probe.split(/[\\/]/).reduce((best, seg) => (seg.length > best.length ? seg : best), ""),
          };
    if (rootCache.size > 64) rootCache.clear();
    rootCache.set(root, r);
  }
  return r;
}

const endsWithSeparator = (m: string) => {
  const c = m.charCodeAt(m.length - 1);
  return c === 47 /* / */ || c === 92 /* \ */;
};

/** Rewrites paths under `repoRoot` to repo-relative form (FC-PATH-1). */
export function relativise(text: string, repoRoot: string | undefined): string {
  if (!repoRoot) return text;
  const root = compileRoot(repoRoot);
  if (root === null) return text;
  if (root.longest && !text.includes(root.longest)) return text;
  root.re.lastIndex = 0;
  return text.replace(root.re, (m) => (endsWithSeparator(m) ? "" : "."));
}

export function detectPaths(text: string, out: Span[], keywords: KeywordScan): void {
  if (!GATE.test(text) && !text.includes("file:")) return;
  const add = (re: RegExp, detector: string) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0].length <= 1) continue;
      out.push({ start: m.index, end: m.index + m[0].length, kind: "path", detector });
    }
  };
  if (text.includes("/")) {
    if (text.includes("file:")) add(FILE_URI, "file-uri");
    if (text.includes("/home/") || text.includes("/Users/")) add(POSIX_HOME, "home-path");
    if (keywords.has("posixRoot")) add(POSIX, "abs-path");
    add(POSIX_FILE, "abs-path");
  }
  if (hasDrive(text)) add(WINDOWS, "windows-path");
  if (text.includes("\\\\")) add(UNC, "unc-path");
  if (text.includes("~")) add(TILDE, "home-path");
}

/** True when a location path is absolute in any of the supported forms. */
export function isAbsolutePath(p: string): boolean {
  return /^(?:\/|[A-Za-z]:[\\/]|\\|~|file:)/.test(p);
}
