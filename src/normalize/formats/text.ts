// FC-STAGE1-RAW-2, FC-STAGE1-RAW-9: plain text of unknown origin: every text parser, then the error-like fallback.
import { ANSIBLE_LINT_GATE, parseAnsibleLint } from "./ansible-lint.ts";
import { BANDIT_GATE, parseBandit } from "./bandit.ts";
import { CHKTEX_GATE, parseChktex } from "./chktex.ts";
import { COFFEELINT_GATE, parseCoffeelint } from "./coffeelint.ts";
import { COMPILER_GATE, parseCompiler } from "./compiler.ts";
import { CPPLINT_GATE, parseCpplint } from "./cpplint.ts";
import { CSSLINT_GATE, parseCsslint } from "./csslint.ts";
import { FLAWFINDER_GATE, parseFlawfinder } from "./flawfinder.ts";
import { parseGenericLines } from "./generic-lines.ts";
import { GITHUB_ACTIONS_GATE, parseGithubActions } from "./github-actions.ts";
import { GO_PANIC_GATE, parseGoPanic } from "./go-panic.ts";
import { GO_TEST_GATE, parseGoTestText } from "./go-test-json.ts";
import { HTMLHINT_GATE, parseHtmlhint } from "./htmlhint.ts";
import { JSHINT_GATE, parseJshint } from "./jshint.ts";
import { LUACHECK_GATE, parseLuacheck } from "./luacheck.ts";
import { MIETTE_GATE, parseMiette } from "./miette.ts";
import { NODE_STACK_GATE, parseNodeStack } from "./node-stack.ts";
import { PERLCRITIC_GATE, parsePerlcritic } from "./perlcritic.ts";
import { PHPCS_GATE, parsePhpcs } from "./phpcs.ts";
import { PROSELINT_GATE, parseProselint } from "./proselint.ts";
import { PUPPET_LINT_GATE, parsePuppetLint } from "./puppet-lint.ts";
import { PYDOCSTYLE_GATE, parsePydocstyle } from "./pydocstyle.ts";
import { PYTEST_GATE, parsePytest } from "./pytest.ts";
import { PYTHON_TRACEBACK_GATE, parsePythonTraceback } from "./python-traceback.ts";
import { RUSTC_TEXT_GATE, parseRustcText } from "./rustc-text.ts";
import { SHELLCHECK_TTY_GATE, parseShellcheckTty } from "./shellcheck-tty.ts";
import { SQLFLUFF_GATE, parseSqlfluff } from "./sqlfluff.ts";
import { STANDARD_GATE, parseStandard } from "./standard.ts";
import { STATICCHECK_GATE, parseStaticcheck } from "./staticcheck.ts";
import { TSC_GATE, parseTsc } from "./tsc.ts";
import { TSLINT_GATE, parseTslint } from "./tslint.ts";
import { VFILE_REPORTER_GATE, parseVfileReporter } from "./vfile-reporter.ts";
import type { Gate, TextParser } from "../text-pipeline.ts";

/**
 * Text parsers by format id, in the order they run when no hint says otherwise, each with its gate
 * (text-pipeline.ts `Gate`): a parser runs only on a text holding one of its gate strings.
 */
export const TEXT_PARSERS: [string, TextParser, Gate][] = [
  ["github-actions", parseGithubActions, GITHUB_ACTIONS_GATE],
  // Before the compiler format, which would take its `N errors` line for a count of its own.
  ["jshint", parseJshint, JSHINT_GATE],
  ["cpplint", parseCpplint, CPPLINT_GATE],
  ["flawfinder", parseFlawfinder, FLAWFINDER_GATE],
  ["pytest", parsePytest, PYTEST_GATE],
  ["tsc", parseTsc, TSC_GATE],
  ["python-traceback", parsePythonTraceback, PYTHON_TRACEBACK_GATE],
  ["node-stack", parseNodeStack, NODE_STACK_GATE],
  ["go-test", parseGoTestText, GO_TEST_GATE],
  ["go-panic", parseGoPanic, GO_PANIC_GATE],
  ["rustc-text", parseRustcText, RUSTC_TEXT_GATE],
  ["compiler", parseCompiler, COMPILER_GATE],
  ["shellcheck-tty", parseShellcheckTty, SHELLCHECK_TTY_GATE],
  ["miette", parseMiette, MIETTE_GATE],
  ["bandit", parseBandit, BANDIT_GATE],
  ["sqlfluff", parseSqlfluff, SQLFLUFF_GATE],
  ["htmlhint", parseHtmlhint, HTMLHINT_GATE],
  ["puppet-lint", parsePuppetLint, PUPPET_LINT_GATE],
  ["perlcritic", parsePerlcritic, PERLCRITIC_GATE],
  ["luacheck", parseLuacheck, LUACHECK_GATE],
  ["staticcheck", parseStaticcheck, STATICCHECK_GATE],
  ["tslint", parseTslint, TSLINT_GATE],
  ["standard", parseStandard, STANDARD_GATE],
  ["phpcs", parsePhpcs, PHPCS_GATE],
  ["ansible-lint", parseAnsibleLint, ANSIBLE_LINT_GATE],
  ["vfile-reporter", parseVfileReporter, VFILE_REPORTER_GATE],
  ["pydocstyle", parsePydocstyle, PYDOCSTYLE_GATE],
  ["proselint", parseProselint, PROSELINT_GATE],
  ["chktex", parseChktex, CHKTEX_GATE],
  ["csslint", parseCsslint, CSSLINT_GATE],
  ["coffeelint", parseCoffeelint, COFFEELINT_GATE],
];

/** The generic layer runs after every format parser, the hinted one included (FC-STAGE1-RAW-15). */
export const GENERIC_PARSER: TextParser = parseGenericLines;
