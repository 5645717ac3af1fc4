// FC-STAGE1-RAW-2, FC-STAGE1-RAW-9: plain text of unknown origin: every text parser, then the error-like fallback.
import { ANSIBLE_LINT_GATE, parseAnsibleLint } from "./ansible-lint.ts";
import { BANDIT_GATE, parseBandit } from "./bandit.ts";
import { CHKTEX_GATE, parseChktex } from "./chktex.ts";
import { COFFEELINT_GATE, COFFEELINT_NEEDLES, parseCoffeelint } from "./coffeelint.ts";
import { COMPILER_GATE, parseCompiler } from "./compiler.ts";
import { CPPLINT_GATE, CPPLINT_NEEDLES, parseCpplint } from "./cpplint.ts";
import { CSSLINT_GATE, parseCsslint } from "./csslint.ts";
import { FLAWFINDER_GATE, FLAWFINDER_NEEDLES, parseFlawfinder } from "./flawfinder.ts";
import { parseGenericLines } from "./generic-lines.ts";
import { GITHUB_ACTIONS_GATE, parseGithubActions } from "./github-actions.ts";
import { GO_PANIC_GATE, parseGoPanic } from "./go-panic.ts";
import { GO_TEST_GATE, GO_TEST_NEEDLES, parseGoTestText } from "./go-test-json.ts";
import { GRADLE_GATE, parseGradle, parseGradleOutcome } from "./gradle.ts";
import { HTMLHINT_GATE, parseHtmlhint } from "./htmlhint.ts";
import { JEST_CONSOLE_GATE, JEST_CONSOLE_NEEDLES, parseJestConsole } from "./jest-console.ts";
import { JSHINT_GATE, JSHINT_NEEDLES, parseJshint } from "./jshint.ts";
import { LUACHECK_GATE, parseLuacheck } from "./luacheck.ts";
import { MAVEN_GATE, parseMaven } from "./maven.ts";
import { MIETTE_GATE, parseMiette } from "./miette.ts";
import { NODE_STACK_GATE, NODE_STACK_NEEDLES, parseNodeStack } from "./node-stack.ts";
import { PERLCRITIC_GATE, PERLCRITIC_NEEDLES, parsePerlcritic } from "./perlcritic.ts";
import { PHPCS_GATE, parsePhpcs } from "./phpcs.ts";
import { PROSELINT_GATE, parseProselint } from "./proselint.ts";
import { PUPPET_LINT_GATE, PUPPET_LINT_NEEDLES, parsePuppetLint } from "./puppet-lint.ts";
import { PYDOCSTYLE_GATE, parsePydocstyle } from "./pydocstyle.ts";
import { PYTEST_GATE, PYTEST_NEEDLES, parsePytest } from "./pytest.ts";
import { PYTHON_TRACEBACK_GATE, PYTHON_TRACEBACK_NEEDLES, parsePythonTraceback } from "./python-traceback.ts";
import { RUSTC_TEXT_GATE, RUSTC_TEXT_NEEDLES, parseRustcText } from "./rustc-text.ts";
import { SHELLCHECK_TTY_GATE, parseShellcheckTty } from "./shellcheck-tty.ts";
import { SQLFLUFF_GATE, parseSqlfluff } from "./sqlfluff.ts";
import { STANDARD_GATE, parseStandard } from "./standard.ts";
import { STATICCHECK_GATE, STATICCHECK_NEEDLES, parseStaticcheck } from "./staticcheck.ts";
import { parseTsc, TSC_GATE, TSC_NEEDLES } from "./tsc.ts";
import { TSLINT_GATE, TSLINT_NEEDLES, parseTslint } from "./tslint.ts";
import { VFILE_REPORTER_GATE, parseVfileReporter } from "./vfile-reporter.ts";
import { VITEST_CONSOLE_GATE, VITEST_CONSOLE_NEEDLES, parseVitestConsole } from "./vitest-console.ts";
import type { Gate, TextParser } from "../text-pipeline.ts";

/**
 * Text parsers by format id, in the order they run when no hint says otherwise, each with its gate
 * (text-pipeline.ts `Gate`): a parser runs only on a text holding one of its gate strings. The fourth column
 * lists the strings the parser finds its candidate lines by (text-pipeline.ts linesWith): the pipeline finds
 * those of every parser that runs in one search. That search's cost depends on the set of strings in ways hard
 * to foresee (one more string, `Rule Violation`, doubled it on the linter mix): measure `bench:stage1` before
 * adding one.
 */
const NONE: readonly string[] = [];

export const TEXT_PARSERS: [string, TextParser, Gate, readonly string[]][] = [
  ["github-actions", parseGithubActions, GITHUB_ACTIONS_GATE, NONE],
  // Before the Node stack format, which would read a section's errors without their test.
  ["vitest-console", parseVitestConsole, VITEST_CONSOLE_GATE, VITEST_CONSOLE_NEEDLES],
  ["jest-console", parseJestConsole, JEST_CONSOLE_GATE, JEST_CONSOLE_NEEDLES],
  // Before the text parsers that would read Surefire's Java stacks or take Maven's lines for unrecognised errors.
  ["maven", parseMaven, MAVEN_GATE, NONE],
  ["gradle", parseGradle, GRADLE_GATE, NONE],
  // Before the compiler format, which would take its `N errors` line for a count of its own.
  ["jshint", parseJshint, JSHINT_GATE, JSHINT_NEEDLES],
  ["cpplint", parseCpplint, CPPLINT_GATE, CPPLINT_NEEDLES],
  ["flawfinder", parseFlawfinder, FLAWFINDER_GATE, FLAWFINDER_NEEDLES],
  ["pytest", parsePytest, PYTEST_GATE, PYTEST_NEEDLES],
  ["tsc", parseTsc, TSC_GATE, TSC_NEEDLES],
  ["python-traceback", parsePythonTraceback, PYTHON_TRACEBACK_GATE, PYTHON_TRACEBACK_NEEDLES],
  ["node-stack", parseNodeStack, NODE_STACK_GATE, NODE_STACK_NEEDLES],
  ["go-test", parseGoTestText, GO_TEST_GATE, GO_TEST_NEEDLES],
  ["go-panic", parseGoPanic, GO_PANIC_GATE, NONE],
  ["rustc-text", parseRustcText, RUSTC_TEXT_GATE, RUSTC_TEXT_NEEDLES],
  ["compiler", parseCompiler, COMPILER_GATE, NONE],
  ["shellcheck-tty", parseShellcheckTty, SHELLCHECK_TTY_GATE, NONE],
  ["miette", parseMiette, MIETTE_GATE, NONE],
  ["bandit", parseBandit, BANDIT_GATE, NONE],
  ["sqlfluff", parseSqlfluff, SQLFLUFF_GATE, NONE],
  ["htmlhint", parseHtmlhint, HTMLHINT_GATE, NONE],
  ["puppet-lint", parsePuppetLint, PUPPET_LINT_GATE, PUPPET_LINT_NEEDLES],
  ["perlcritic", parsePerlcritic, PERLCRITIC_GATE, PERLCRITIC_NEEDLES],
  ["luacheck", parseLuacheck, LUACHECK_GATE, NONE],
  ["staticcheck", parseStaticcheck, STATICCHECK_GATE, STATICCHECK_NEEDLES],
  ["tslint", parseTslint, TSLINT_GATE, TSLINT_NEEDLES],
  ["standard", parseStandard, STANDARD_GATE, NONE],
  ["phpcs", parsePhpcs, PHPCS_GATE, NONE],
  ["ansible-lint", parseAnsibleLint, ANSIBLE_LINT_GATE, NONE],
  ["vfile-reporter", parseVfileReporter, VFILE_REPORTER_GATE, NONE],
  ["pydocstyle", parsePydocstyle, PYDOCSTYLE_GATE, NONE],
  ["proselint", parseProselint, PROSELINT_GATE, NONE],
  ["chktex", parseChktex, CHKTEX_GATE, NONE],
  ["csslint", parseCsslint, CSSLINT_GATE, NONE],
  ["coffeelint", parseCoffeelint, COFFEELINT_GATE, COFFEELINT_NEEDLES],
  // Last: Gradle's what went wrong is a finding only where no parser found an error (javac's, the compiler's).
  // No gate: a look-up of what parseGradle left, nothing to skip.
  ["gradle-outcome", parseGradleOutcome, null, NONE],
];

/** The generic layer runs after every format parser, the hinted one included (FC-STAGE1-RAW-15). */
export const GENERIC_PARSER: TextParser = parseGenericLines;
