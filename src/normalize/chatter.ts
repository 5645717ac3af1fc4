// FC-STAGE1-RAW-9: the only text Stage 1 may drop is text positively recognised as chatter; error-like text is kept.

// A clock time opening a log line (gulp's `[10:04:12] Starting 'build'...`): the rest of the line decides.
const TIMESTAMPED = /^\s*\[\d{1,2}:\d{2}:\d{2}(?: [AP]M)?\]\s/;

/** Lines recognised as progress, passes, timings, banners or summaries (dropped unless a parser claims them). */
const CHATTER: RegExp[] = [
  /^\s*$/,
  /^\s*[-=_~*#.─━═⎯]{3,}\s*$/,
  // Progress bars: `[===>   ] 45%`, `==> 45%`, `45%`. The alternatives do not overlap, so a long run of
  // white space cannot make the match backtrack polynomially (FC-STAGE1-RAW-10).
  /^\s*(?:(?:\[[#=>.\s-]{0,80}\]|\[[#=>.-]{0,80}|[#=>.-]{1,80})\s*)?\d{1,3}(?:\.\d+)?\s?%/,
  /^\s*[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]\s/,
  /^\s*(?:✓|✔|√|·|\[PASS\]|PASS\b|ok\b|passed\b|SKIP\b|skipped\b|↓|\[SKIP\])/,
  /^\s*(?:---|===) (?:PASS|RUN|PAUSE|CONT|SKIP|NAME)\b/,
  /^\s*(?:Found|Finished|Done|Compiling|Checking|Building|Running|Collecting|Downloading|Downloaded|Installing|Fresh|Blocking|Updating|Locking|Starting|Watching|Ran all test suites)\b/,
  /^\s*(?:Test Files|Test Suites:|Tests:?|Snapshots:|Time:|Duration|Start at|Transform|Setup|Collect|Environment|Prepare)\s/,
  /^\s*(?:platform|rootdir|plugins|cachedir|configfile|benchmark|hypothesis profile|collected|collecting|testpaths|Using)\b/,
  /^\s*(?:RUN|DEV)\s+v?\d/,
  // libtest (cargo test): its `running 3 tests` banner and a passed or ignored test's line; a doc test's
  // name holds spaces (`test src/lib.rs - add (line 5) ... ok`).
  /^running \d{1,9} tests?$/,
  /^test \S.{0,1000}? \.\.\. (?:ok|ignored)(?:,|$)/,
  /^\s*Node\.js v\d/,
  /^\s*npm (?:notice|timing|http|info|verb|WARN deprecated)\b/,
  /^\s*> [\w@./-]+@[\w.-]+ [\w:-]+/,
  /^\s*\d+ (?:passed|skipped|deselected|xfailed|xpassed|warnings?)(?:,|\s|$)/,
  /^\s*(?:ok|\?)\s+\S+\s+(?:\d+(?:\.\d+)?s|\[no test files\]|\(cached\))/,
  /^\s*# (?:tests|pass|skip|todo|duration_ms|cancelled|suites)\b/,
  /^\s*(?:TAP version \d+|1\.\.\d+)\s*$/,
  /\b(?:0|no) (?:errors?|failures?|problems?|issues?)\b/i,
  /^\s*!{3,} .{0,200} !{3,}\s*$/,
  /^\s*ℹ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d/,
  // Linters' closing remarks after their counted diagnostics (stylelint, ESLint, biome).
  /^\s*\d{1,9} (?:errors?|warnings?|problems?) (?:and \d{1,9} warnings? )?potentially fixable with the\b/,
  /^\s*[×✖]? ?Some (?:errors|warnings) were emitted while running checks\.?$/,
];

/**
 * Words that mark a line as a possible failure that no parser recognised; also an error class named at a word
 * start without the bare word, as a runtime prints it: followed by `:`, ` [` or the line's end (`TypeError: …`,
 * `java.lang.NullPointerException`, `RangeError [ERR_…]: …`), never a class in source or prose
 * (`.toThrow(TypeError)`, `✖ throws a TypeError (1ms)`, `ErrorBoundary`). One start per word and a backtrack
 * within it keep the pattern linear (FC-STAGE1-RAW-10).
 */
const ERROR_LIKE =
  /\b(?:error|errors|ERROR|Error|ERR!|FAIL|FAILED|Failed|failed|failure|fatal|FATAL|Fatal|panic|PANIC|Traceback|Exception|exception|AssertionError|Assertion|assertion failed|Segmentation fault|segmentation fault|core dumped|Aborted|not ok|Unhandled|unhandled|Uncaught|uncaught|panicked)\b|\b[A-Z][A-Za-z0-9]*(?:Error|Exception)(?=:|\s\[|\s*$)|^\s*(?:E\s{2,}|✗|✘|×|❌)/;

export function isChatter(line: string): boolean {
  const t = TIMESTAMPED.exec(line);
  const rest = t === null ? line : line.slice(t[0].length);
  for (const re of CHATTER) if (re.test(rest)) return true;
  return false;
}

export const looksLikeError = (line: string): boolean => ERROR_LIKE.test(line);
