// FC-STAGE1-RAW-2, FC-STAGE1-RAW-9: plain text of unknown origin: every text parser, then the error-like fallback.
import { parseAnsibleLint } from "./ansible-lint.ts";
import { parseBandit } from "./bandit.ts";
import { parseChktex } from "./chktex.ts";
import { parseCoffeelint } from "./coffeelint.ts";
import { parseCompiler } from "./compiler.ts";
import { parseCpplint } from "./cpplint.ts";
import { parseCsslint } from "./csslint.ts";
import { parseFlawfinder } from "./flawfinder.ts";
import { parseGenericLines } from "./generic-lines.ts";
import { parseGithubActions } from "./github-actions.ts";
import { parseGoPanic } from "./go-panic.ts";
import { parseGoTestText } from "./go-test-json.ts";
import { parseHtmlhint } from "./htmlhint.ts";
import { parseJshint } from "./jshint.ts";
import { parseLuacheck } from "./luacheck.ts";
import { parseMiette } from "./miette.ts";
import { parseNodeStack } from "./node-stack.ts";
import { parsePerlcritic } from "./perlcritic.ts";
import { parsePhpcs } from "./phpcs.ts";
import { parseProselint } from "./proselint.ts";
import { parsePuppetLint } from "./puppet-lint.ts";
import { parsePydocstyle } from "./pydocstyle.ts";
import { parsePytest } from "./pytest.ts";
import { parsePythonTraceback } from "./python-traceback.ts";
import { parseRustcText } from "./rustc-text.ts";
import { parseShellcheckTty } from "./shellcheck-tty.ts";
import { parseSqlfluff } from "./sqlfluff.ts";
import { parseStandard } from "./standard.ts";
import { parseStaticcheck } from "./staticcheck.ts";
import { parseTsc } from "./tsc.ts";
import { parseTslint } from "./tslint.ts";
import { parseVfileReporter } from "./vfile-reporter.ts";
import type { TextParser } from "../text-pipeline.ts";

/** Text parsers by format id, in the order they run when no hint says otherwise. */
export const TEXT_PARSERS: [string, TextParser][] = [
  ["github-actions", parseGithubActions],
  // Before the compiler format, which would take its `N errors` line for a count of its own.
  ["jshint", parseJshint],
  ["cpplint", parseCpplint],
  ["flawfinder", parseFlawfinder],
  ["pytest", parsePytest],
  ["tsc", parseTsc],
  ["python-traceback", parsePythonTraceback],
  ["node-stack", parseNodeStack],
  ["go-test", parseGoTestText],
  ["go-panic", parseGoPanic],
  ["rustc-text", parseRustcText],
  ["compiler", parseCompiler],
  ["shellcheck-tty", parseShellcheckTty],
  ["miette", parseMiette],
  ["bandit", parseBandit],
  ["sqlfluff", parseSqlfluff],
  ["htmlhint", parseHtmlhint],
  ["puppet-lint", parsePuppetLint],
  ["perlcritic", parsePerlcritic],
  ["luacheck", parseLuacheck],
  ["staticcheck", parseStaticcheck],
  ["tslint", parseTslint],
  ["standard", parseStandard],
  ["phpcs", parsePhpcs],
  ["ansible-lint", parseAnsibleLint],
  ["vfile-reporter", parseVfileReporter],
  ["pydocstyle", parsePydocstyle],
  ["proselint", parseProselint],
  ["chktex", parseChktex],
  ["csslint", parseCsslint],
  ["coffeelint", parseCoffeelint],
];

/** The generic layer runs after every format parser, the hinted one included (FC-STAGE1-RAW-15). */
export const GENERIC_PARSER: TextParser = parseGenericLines;
