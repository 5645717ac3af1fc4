#!/usr/bin/env bash
# FC-STAGE1-5, FC-STAGE1-RAW-12, FC-STAGE1-RAW-20: records real output of the breadth producers and their structured truth.
#
# Usage: bash scripts/regen-stage1-fixtures-breadth.sh [--install-only] [--only PRODUCER[,PRODUCER...]]
#
# --only records the named producers of the later sections (luacheck, staticcheck, phpcs, ansible-lint, tslint,
# standard, remark-lint, jshint, pydocstyle, cargo-check, proselint, cpplint, buf, flawfinder, textlint, solhint, eslint-compact, dockerfilelint, gherkin-lint, chktex, csslint, coffeelint) and skips the others, whose recordings stay as they are; without it everything is recorded.
#
# Installs what it needs itself: Debian packages with apt-get (clang 14 and 19, Go, pylint, flake8, mypy,
# shellcheck, cppcheck, yamllint) and npm tools into .tmp/tools-breadth (pinned below). It copies the
# sample projects of src/normalize/fixtures/projects/breadth/ to .tmp/stage1-breadth/, runs every tool
# there, and records under src/normalize/fixtures/breadth/<producer>/:
#   <name>.<ext>          what the tool printed in the mode under test (text or a structured format);
#   <name>.truth.<ext>    the same run in the tool's own structured mode (JSON, SARIF, XML, a tab template),
#                         unless the structured output is itself a recording.
# Then `npm run regen -- --only stage1-truth` (scripts/regen-stage1-fixtures-truth.ts) turns each truth file
# into <name>.expected.json by reading
# the tool's structured fields (never by calling the parser under test). The work path is rewritten to
# /home/dev/sample so recordings do not depend on where the repository lives.
set -u
cd "$(dirname "$0")/.."
ROOT="$PWD"
OUT="$ROOT/src/normalize/fixtures/breadth"
WORK="$ROOT/.tmp/stage1-breadth"
TOOLS="$ROOT/.tmp/tools-breadth"
FAKE="/home/dev/sample"

APT_PACKAGES=(clang clang-19 golang-go pylint python3-flake8 python3-mypy shellcheck cppcheck yamllint
  bandit python3-pycodestyle sqlfluff puppet-lint rubocop hlint libperl-critic-perl clang-tidy
  lua-check go-staticcheck php-codesniffer ansible-lint pydocstyle python3-proselint cpplint flawfinder chktex)
NPM_TOOLS=(stylelint@16.26.1 stylelint-config-standard@39.0.1 markdownlint-cli2@0.24.1
  markdownlint-cli2-formatter-json@0.0.9 oxlint@1.95.0 pyright@1.1.414 eslint@9.39.5 @eslint/js@9.39.5
  markdownlint-cli@0.50.0 htmlhint@1.9.2 eslint-formatter-compact@9.0.1)
# In a prefix of their own: standard 17 brings ESLint 8, whose peers clash with ESLint 9 above; TSLint 6 wants
# a TypeScript of its time.
NPM_TOOLS2=(tslint@6.1.3 typescript@4.9.5 standard@17.1.2 remark-cli@12.0.1 remark-preset-lint-recommended@7.0.1
  vfile-reporter-json@4.0.0 jshint@2.13.6)
TOOLS2="$ROOT/.tmp/tools-breadth2"
# buf ships its binary inside the registry package (@bufbuild/buf-linux-x64, an optional dependency).
NPM_TOOLS3=(@bufbuild/buf@1.75.0)
TOOLS3="$ROOT/.tmp/tools-buf"
NPM_TOOLS4=(textlint@15.8.0 textlint-rule-no-todo@2.0.1 textlint-rule-max-comma@4.0.0
  textlint-rule-no-exclamation-question-mark@1.1.0 solhint@6.2.4 dockerfilelint@1.8.0
  gherkin-lint@4.2.4 csslint@1.0.5 coffeelint@2.1.0)
TOOLS4="$ROOT/.tmp/tools-textlint"

ONLY=""
[ "${1:-}" = "--only" ] && ONLY="${2:-}"
# want PRODUCER: whether this run records PRODUCER.
want() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }

missing=()
for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "apt-get install ${missing[*]}" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 || exit 1
fi
if { [ -z "$ONLY" ] || want eslint-compact; } && ! grep -q "\"version\": \"16.26.1\"" "$TOOLS/node_modules/stylelint/package.json" 2>/dev/null || [ ! -x "$TOOLS/node_modules/.bin/oxlint" ] ||
  [ ! -x "$TOOLS/node_modules/.bin/htmlhint" ] || [ ! -x "$TOOLS/node_modules/.bin/markdownlint" ] || [ ! -x "$TOOLS/node_modules/.bin/eslint" ] ||
  [ ! -d "$TOOLS/node_modules/eslint-formatter-compact" ]; then
  echo "installing npm tools into .tmp/tools-breadth" >&2
  npm install --prefix "$TOOLS" --no-audit --no-fund --no-save "${NPM_TOOLS[@]}" >&2 || exit 1
fi
if ! grep -q '"version": "17.1.2"' "$TOOLS2/node_modules/standard/package.json" 2>/dev/null || [ ! -x "$TOOLS2/node_modules/.bin/tslint" ] ||
  [ ! -x "$TOOLS2/node_modules/.bin/remark" ] || [ ! -x "$TOOLS2/node_modules/.bin/jshint" ]; then
  echo "installing npm tools into .tmp/tools-breadth2" >&2
  npm install --prefix "$TOOLS2" --no-audit --no-fund --no-save "${NPM_TOOLS2[@]}" >&2 || exit 1
fi
if [ ! -x "$TOOLS3/node_modules/.bin/buf" ]; then
  echo "installing npm tools into .tmp/tools-buf" >&2
  npm install --prefix "$TOOLS3" --no-audit --no-fund --no-save "${NPM_TOOLS3[@]}" >&2 || exit 1
fi
if [ ! -x "$TOOLS4/node_modules/.bin/textlint" ] || [ ! -x "$TOOLS4/node_modules/.bin/solhint" ] ||
  [ ! -x "$TOOLS4/node_modules/.bin/dockerfilelint" ] || [ ! -x "$TOOLS4/node_modules/.bin/gherkin-lint" ] ||
  [ ! -x "$TOOLS4/node_modules/.bin/csslint" ] || [ ! -x "$TOOLS4/node_modules/.bin/coffeelint" ]; then
  echo "installing npm tools into .tmp/tools-textlint" >&2
  npm install --prefix "$TOOLS4" --no-audit --no-fund --no-save "${NPM_TOOLS4[@]}" >&2 || exit 1
fi
[ "${1:-}" = "--install-only" ] && exit 0

BIN="$TOOLS/node_modules/.bin"
BIOME="$ROOT/node_modules/.bin/biome"
PY=/usr/bin/python3
rm -rf "$WORK"
mkdir -p "$WORK"
cp -r "$ROOT/src/normalize/fixtures/projects/breadth/." "$WORK/"
find "$WORK" -name '*.sample' -exec sh -c 'mv "$1" "${1%.sample}"' _ {} \;

# record PRODUCER NAME: stdin -> $OUT/PRODUCER/NAME, with the work path rewritten.
record() {
  mkdir -p "$OUT/$1"
  sed -e "s#$WORK#$FAKE#g" -e "s#$ROOT#/home/dev/toolchain#g" >"$OUT/$1/$2"
  echo "recorded $1/$2" >&2
}
# version PRODUCER COMMAND [LINE]: its line in VERSIONS.txt (line LINE of what COMMAND prints, the first by
# default), replaced in place, so --only keeps the others.
version() {
  local v
  v="$1: $($2 2>&1 | sed -n "${3:-1}p")"
  touch "$OUT/VERSIONS.txt"
  if grep -q "^$1: " "$OUT/VERSIONS.txt"; then
    # In place: a re-recording with --only leaves the file's order as it was.
    V="$v" awk -v p="$1: " 'index($0, p) == 1 { print ENVIRON["V"]; next } { print }' "$OUT/VERSIONS.txt" >"$OUT/VERSIONS.tmp"
    mv "$OUT/VERSIONS.tmp" "$OUT/VERSIONS.txt"
  else
    echo "$v" >>"$OUT/VERSIONS.txt"
  fi
}
mkdir -p "$OUT"
[ -n "$ONLY" ] || : >"$OUT/VERSIONS.txt"

# The producers recorded before --only existed: all of them, or none.
if [ -z "$ONLY" ]; then
# ---- C: clang 19 (text and SARIF; clang 14 has no SARIF output), cppcheck (gcc template, default, XML)
cd "$WORK/c"
version clang-19 "clang-19 --version"
version cppcheck "cppcheck --version"
clang-19 -Wall -Wextra -fsyntax-only inventory.c report.c 2>&1 | record clang clang19.txt
clang-19 -Wall -Wextra -fsyntax-only -fdiagnostics-format=sarif -Wno-sarif-format-unstable inventory.c report.c 2>&1 | record clang clang19-sarif.json
# The same with the driver's own warning that SARIF output is unstable, as a plain `2>&1` capture prints it.
clang-19 -Wall -Wextra -fsyntax-only -fdiagnostics-format=sarif inventory.c report.c 2>&1 | record clang clang19-sarif-stderr.txt
cppcheck --enable=all --inconclusive --suppress=missingIncludeSystem --template=gcc . 2>&1 >/dev/null | record cppcheck cppcheck-gcc.txt
cppcheck --enable=all --inconclusive --suppress=missingIncludeSystem . 2>&1 >/dev/null | record cppcheck cppcheck-default.txt
cppcheck --enable=all --inconclusive --suppress=missingIncludeSystem --xml . 2>&1 >/dev/null | record cppcheck cppcheck.truth.xml
# clang-tidy: its text, and --export-fixes (YAML: every diagnostic with its file and byte offset) as truth.
version clang-tidy "clang-tidy --version"
TIDY_CHECKS='-*,bugprone-*,readability-*,misc-*,-readability-identifier-length'
clang-tidy --checks="$TIDY_CHECKS" inventory.c report.c -- 2>&1 | record clang-tidy clang-tidy.txt
clang-tidy --checks="$TIDY_CHECKS" --export-fixes="$WORK/tidy.yaml" inventory.c report.c -- >/dev/null 2>&1
record clang-tidy clang-tidy.truth.yaml <"$WORK/tidy.yaml"
# A file that does not compile: clang-tidy reports the compiler's errors (clang-diagnostic-error), then
# `Error while processing <file>.` (in a directory of its own, out of cppcheck's way).
cd "$WORK/c-syntax"
clang-tidy --checks="$TIDY_CHECKS" syntax.c -- 2>&1 | record clang-tidy clang-tidy-syntax.txt
clang-tidy --checks="$TIDY_CHECKS" --export-fixes="$WORK/tidy-syntax.yaml" syntax.c -- >/dev/null 2>&1
record clang-tidy clang-tidy-syntax.truth.yaml <"$WORK/tidy-syntax.yaml"

# ---- Go 1.19: vet, build (capped at 10 errors; -gcflags=-e prints all), test text and -json
cd "$WORK/go"
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GOCACHE="$WORK/.gocache" GOPATH="$WORK/.gopath"
version go "go version"
go vet ./report 2>&1 | record go go-vet.txt
go vet -json ./report 2>&1 | record go go-vet.truth.json
go build ./broken 2>&1 | record go go-build.txt
go build -gcflags=-e ./broken 2>&1 | record go go-build.truth.txt
go test ./cart 2>&1 | record go go-test.txt
go test -v ./cart 2>&1 | record go go-test-v.txt
go test -json ./cart 2>&1 | record go go-test.truth.json
go test ./util 2>&1 | record go go-test-build-failed.txt
go test -json ./util 2>&1 | record go go-test-build-failed.json
# A module in a subdirectory (services/inventory/go.mod, module example.com/inventory), tested from there.
(cd services/inventory && go test ./... 2>&1) | record go go-test-submodule.txt
(cd services/inventory && go test -json ./... 2>&1) | record go go-test-submodule.truth.json

# ---- Python: pylint (text, parseable, JSON), flake8 (text, a tab template), mypy (plain, pretty), pyright
cd "$WORK/py"
version pylint "pylint --version"
version flake8 "$PY -m flake8 --version"
version mypy "$PY -m mypy --version"
version pyright "$BIN/pyright --version"
pylint --rcfile=/dev/null orders.py billing.py 2>/dev/null | record pylint pylint.txt
pylint --rcfile=/dev/null -f parseable orders.py billing.py 2>/dev/null | record pylint pylint-parseable.txt
pylint --rcfile=/dev/null -f json orders.py billing.py 2>/dev/null | record pylint pylint.json
$PY -m flake8 orders.py billing.py 2>&1 | record flake8 flake8.txt
$PY -m flake8 --format='%(path)s	%(row)d	%(col)d	%(code)s	%(text)s' orders.py billing.py 2>&1 | record flake8 flake8.truth.tsv
$PY -m mypy --no-incremental --cache-dir=/dev/null --strict orders.py billing.py 2>&1 | record mypy mypy.txt
$PY -m mypy --no-incremental --cache-dir=/dev/null --strict --pretty orders.py billing.py 2>&1 | record mypy mypy-pretty.txt
$PY -m mypy --no-incremental --cache-dir=/dev/null --strict --show-column-numbers --show-error-codes --no-pretty orders.py billing.py 2>&1 | record mypy mypy.truth.txt
"$BIN/pyright" orders.py billing.py 2>&1 | record pyright pyright.txt
"$BIN/pyright" --outputjson orders.py billing.py 2>&1 | record pyright pyright.json

# ---- shell: shellcheck (tty, gcc, checkstyle, json1 truth)
cd "$WORK/sh"
version shellcheck "shellcheck --version"
shellcheck -f tty deploy.sh 2>&1 | record shellcheck shellcheck-tty.txt
shellcheck -f gcc deploy.sh 2>&1 | record shellcheck shellcheck-gcc.txt
shellcheck -f checkstyle deploy.sh 2>&1 | record shellcheck shellcheck-checkstyle.xml
shellcheck -f json1 deploy.sh 2>&1 | record shellcheck shellcheck-json1.json

# ---- YAML: yamllint (standard, github; parsable is its machine format)
cd "$WORK/yaml"
version yamllint "yamllint --version"
yamllint -f standard config.yaml 2>&1 | record yamllint yamllint-standard.txt
yamllint -f github config.yaml 2>&1 | record yamllint yamllint-github.txt
yamllint -f parsable config.yaml 2>&1 | record yamllint yamllint.truth.txt

# ---- CSS: stylelint (string, unix, compact, tap, github, json truth)
cd "$WORK/css"
ln -s "$TOOLS/node_modules" node_modules
printf '{ "extends": "stylelint-config-standard" }\n' >.stylelintrc.json
version stylelint "$BIN/stylelint --version"
for f in string unix compact tap json; do
  "$BIN/stylelint" -f "$f" "*.css" 2>&1 | record stylelint "stylelint-$f.$([ $f = json ] && echo json || ([ $f = tap ] && echo tap) || echo txt)"
done

# ---- Markdown: markdownlint-cli2 (default text; the JSON formatter's file is the truth)
cd "$WORK/md"
ln -s "$TOOLS/node_modules" node_modules
version markdownlint-cli2 "$BIN/markdownlint-cli2 --help"
"$BIN/markdownlint-cli2" "*.md" 2>&1 | record markdownlint markdownlint-cli2.txt
printf '{ "outputFormatters": [["markdownlint-cli2-formatter-json", { "name": "ml.json", "spaces": 2 }]] }\n' >.markdownlint-cli2.jsonc
"$BIN/markdownlint-cli2" "*.md" >/dev/null 2>&1
record markdownlint markdownlint-cli2.json <ml.json

# ---- JavaScript/TypeScript: oxlint and biome (every reporter they have; JSON is the truth)
cd "$WORK/js"
version oxlint "$BIN/oxlint --version"
version biome "$BIOME --version"
for f in default unix json github checkstyle junit stylish; do
  ext=txt; [ $f = json ] && ext=json; [ $f = checkstyle ] || [ $f = junit ] && ext=xml
  "$BIN/oxlint" -f "$f" cart.js util.ts 2>&1 | record oxlint "oxlint-$f.$ext"
done
printf '{}\n' >biome.json
for f in default concise json github junit checkstyle rdjson; do
  ext=txt; [ $f = json ] || [ $f = rdjson ] && ext=json; [ $f = checkstyle ] || [ $f = junit ] && ext=xml
  # The JSON reporters print a notice that they are experimental on stderr: the document alone is recorded.
  if [ $ext = json ]; then "$BIOME" lint --reporter="$f" cart.js util.ts 2>/dev/null; else "$BIOME" lint --reporter="$f" cart.js util.ts 2>&1; fi | record biome "biome-$f.$ext"
done

# ---- More producers (issue 24 item 5): pycodestyle (its own tab template is the truth), bandit (JSON)
cd "$WORK/py"
version pycodestyle "$PY -m pycodestyle --version"
version bandit "bandit --version"
$PY -m pycodestyle style.py 2>&1 | record pycodestyle pycodestyle.txt
$PY -m pycodestyle --format='%(path)s	%(row)d	%(col)d	%(code)s	%(text)s' style.py 2>&1 | record pycodestyle pycodestyle.truth.tsv
bandit -q vault.py 2>/dev/null | record bandit bandit.txt
bandit -q -f json vault.py 2>/dev/null | record bandit bandit.json

# ---- Rust: cargo clippy (text; its JSON messages are the truth)
cd "$WORK/rust"
version clippy "cargo clippy --version"
cargo clippy --offline --quiet 2>&1 | record clippy clippy.txt
cargo clippy --offline --quiet --message-format=json 2>/dev/null | record clippy clippy.truth.json

# ---- SQL: sqlfluff (human text, JSON truth); Puppet: puppet-lint (text, JSON truth)
cd "$WORK/sql"
version sqlfluff "sqlfluff --version"
sqlfluff lint --dialect ansi --nocolor report.sql 2>&1 | record sqlfluff sqlfluff.txt
sqlfluff lint --dialect ansi --nocolor --format json report.sql 2>/dev/null | record sqlfluff sqlfluff.json
# Parse (PRS) and templating (TMP) errors print their code right-aligned and sqlfluff adds a dialect hint.
sqlfluff lint --dialect ansi --nocolor broken.sql report.sql templated.sql 2>&1 | record sqlfluff sqlfluff-parse-errors.txt
sqlfluff lint --dialect ansi --nocolor --format json broken.sql report.sql templated.sql 2>/dev/null |
  record sqlfluff sqlfluff-parse-errors.json
cd "$WORK/puppet"
version puppet-lint "puppet-lint --version"
# Without --with-filename puppet-lint names no file at all; with it, each line opens with the path.
puppet-lint --with-filename init.pp 2>&1 | record puppet-lint puppet-lint.txt
puppet-lint --json init.pp 2>/dev/null | record puppet-lint puppet-lint.json

# ---- ESLint 9 (stylish; JSON truth), markdownlint-cli (default; --json truth), htmlhint (default,
# compact, unix, checkstyle; JSON truth)
cd "$WORK/js"
ln -s "$TOOLS/node_modules" node_modules
printf 'import js from "@eslint/js";\nexport default [js.configs.recommended, { rules: { eqeqeq: "warn" } }];\n' >eslint.config.mjs
version eslint "$BIN/eslint --version"
"$BIN/eslint" cart.js 2>&1 | record eslint eslint-stylish.txt
"$BIN/eslint" -f json cart.js 2>/dev/null | record eslint eslint.json
rm eslint.config.mjs node_modules
cd "$WORK/md"
rm -f .markdownlint-cli2.jsonc ml.json
version markdownlint-cli "$BIN/markdownlint --version"
"$BIN/markdownlint" CHANGES.md README.md 2>&1 | record markdownlint markdownlint-cli.txt
"$BIN/markdownlint" --json CHANGES.md README.md 2>&1 | record markdownlint markdownlint-cli.json
cd "$WORK/html"
version htmlhint "$BIN/htmlhint --version"
for f in default compact unix checkstyle json; do
  ext=txt; [ $f = json ] && ext=json; [ $f = checkstyle ] && ext=xml
  "$BIN/htmlhint" --nocolor -f "$f" index.html 2>&1 | record htmlhint "htmlhint-$f.$ext"
done

# ---- Ruby: rubocop (default and emacs text; JSON truth); Haskell: hlint (text; --json truth); Perl:
# perlcritic (default text; its own tab template is the truth)
cd "$WORK/ruby"
version rubocop "rubocop --version"
rubocop --no-color --cache false app.rb 2>&1 | record rubocop rubocop.txt
rubocop --no-color --cache false --format emacs app.rb 2>&1 | record rubocop rubocop-emacs.txt
rubocop --no-color --cache false --format json app.rb 2>/dev/null | record rubocop rubocop.json
cd "$WORK/haskell"
version hlint "hlint --version"
hlint Main.hs 2>&1 | record hlint hlint.txt
hlint --json Main.hs 2>/dev/null | record hlint hlint.json
cd "$WORK/perl"
version perlcritic "perlcritic --version"
# Verbosity 5 is the one that names the file (the default does so only for several files).
perlcritic --brutal --verbose 5 report.pl 2>&1 | record perlcritic perlcritic.txt
perlcritic --brutal --verbose '%f	%l	%c	%s	%p	%m\n' report.pl 2>&1 | record perlcritic perlcritic.truth.tsv

fi

# ---- Lua: luacheck (default report with and without --codes, plain, visual_studio; plain with codes is its
# machine format and the truth)
if want luacheck; then
  cd "$WORK/lua"
  version luacheck "luacheck --version"
  luacheck inventory.lua broken.lua 2>&1 | record luacheck luacheck.txt
  luacheck --codes inventory.lua broken.lua 2>&1 | record luacheck luacheck-codes.txt
  luacheck --formatter=plain inventory.lua broken.lua 2>&1 | record luacheck luacheck-plain.txt
  luacheck --formatter=visual_studio inventory.lua broken.lua 2>&1 | record luacheck luacheck-vs.txt
  luacheck --formatter=plain --codes inventory.lua broken.lua 2>&1 | record luacheck luacheck.truth.txt
fi

# ---- Go: staticcheck 2023.1 (Debian's go-staticcheck: text, stylish; -f json truth)
if want staticcheck; then
  cd "$WORK/go"
  export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GOCACHE="$WORK/.gocache" GOPATH="$WORK/.gopath"
  version staticcheck "go-staticcheck -version"
  go-staticcheck ./lint 2>&1 | record staticcheck staticcheck.txt
  go-staticcheck -f stylish ./lint 2>&1 | record staticcheck staticcheck-stylish.txt
  go-staticcheck -f json ./lint 2>/dev/null | record staticcheck staticcheck.json
  # A package that does not compile: staticcheck reports each type error under the code `compile`.
  go-staticcheck -f stylish ./broken 2>&1 | record staticcheck staticcheck-compile-stylish.txt
  go-staticcheck -f json ./broken 2>/dev/null | record staticcheck staticcheck-compile.json
fi

# ---- PHP: PHP_CodeSniffer (full report without and with -s, emacs, checkstyle; --report=json truth)
if want phpcs; then
  cd "$WORK/php"
  version phpcs "phpcs --version"
  phpcs --standard=PSR12 Cart.php 2>&1 | record phpcs phpcs.txt
  phpcs --standard=PSR12 -s Cart.php 2>&1 | record phpcs phpcs-s.txt
  phpcs --standard=PSR12 -s --report=emacs Cart.php 2>&1 | record phpcs phpcs-emacs.txt
  phpcs --standard=PSR12 --report=checkstyle Cart.php 2>&1 | record phpcs phpcs-checkstyle.xml
  # Its JSON escapes every slash (`\/tmp\/…`): unescaped (the same JSON value) so the work path is rewritten.
  phpcs --standard=PSR12 --report=json Cart.php 2>/dev/null | sed 's#\\/#/#g' | record phpcs phpcs.truth.json
fi

# ---- Ansible: ansible-lint (-p, the pep8 form errorformat reads; -f codeclimate truth). Offline: no Galaxy.
if want ansible-lint; then
  cd "$WORK/ansible"
  version ansible-lint "ansible-lint --nocolor --version"
  ansible-lint --offline --nocolor site.yml 2>&1 | record ansible-lint ansible-lint.txt
  ansible-lint --offline --nocolor -p site.yml 2>&1 | record ansible-lint ansible-lint-pep8.txt
  ansible-lint --offline --nocolor -f codeclimate site.yml 2>/dev/null | record ansible-lint ansible-lint.truth.json
  # A playbook that is not YAML: one load-failure, and the closing line names no profile (`Failed after : …`).
  ansible-lint --offline --nocolor broken.yml 2>&1 | record ansible-lint ansible-lint-load-failure.txt
  ansible-lint --offline --nocolor -f codeclimate broken.yml 2>/dev/null | record ansible-lint ansible-lint-load-failure.truth.json
fi

# ---- TypeScript: TSLint 6 (stylish, its default; verbose; prose; -t json truth)
if want tslint; then
  cd "$WORK/tslint"
  version tslint "$TOOLS2/node_modules/.bin/tslint --version"
  for f in stylish verbose prose json; do
    ext=txt; [ $f = json ] && ext=json
    "$TOOLS2/node_modules/.bin/tslint" -c tslint.json -t "$f" cart.ts 2>&1 | record tslint "tslint-$f.$ext"
  done
fi

# ---- JavaScript Standard Style 17 (its report; truth: the ESLint results of its own lintFiles API)
if want standard; then
  cd "$WORK/standard"
  version standard "$TOOLS2/node_modules/.bin/standard --version"
  "$TOOLS2/node_modules/.bin/standard" cart.js 2>&1 | record standard standard.txt
  node --input-type=module -e "const { default: s } = await import('$TOOLS2/node_modules/standard/index.js');
process.stdout.write(JSON.stringify(await s.lintFiles(['cart.js'])) + '\n');" | record standard standard.truth.json
fi

# ---- Markdown: remark-lint (remark-cli with the recommended preset: vfile-reporter text on stderr; the
# vfile-reporter-json report is the truth)
if want remark-lint; then
  cd "$WORK/remark"
  ln -s "$TOOLS2/node_modules" node_modules
  version remark-lint "$TOOLS2/node_modules/.bin/remark --version"
  "$TOOLS2/node_modules/.bin/remark" --use remark-preset-lint-recommended --no-stdout GUIDE.md 2>&1 | record remark-lint remark.txt
  "$TOOLS2/node_modules/.bin/remark" --use remark-preset-lint-recommended --no-stdout --report vfile-reporter-json GUIDE.md 2>&1 |
    record remark-lint remark.truth.json
  rm node_modules
fi

# ---- JavaScript: JSHint (default and --verbose; its checkstyle reporter is the truth)
if want jshint; then
  cd "$WORK/jshint"
  version jshint "$TOOLS2/node_modules/.bin/jshint --version"
  "$TOOLS2/node_modules/.bin/jshint" app.js 2>&1 | record jshint jshint.txt
  "$TOOLS2/node_modules/.bin/jshint" --verbose app.js 2>&1 | record jshint jshint-verbose.txt
  "$TOOLS2/node_modules/.bin/jshint" --reporter=checkstyle app.js 2>&1 | record jshint jshint.truth.xml
fi

# ---- Python: pydocstyle (its report; truth: the errors of its own check() API as JSON)
if want pydocstyle; then
  cd "$WORK/py"
  version pydocstyle "pydocstyle --version"
  pydocstyle docs.py 2>&1 | record pydocstyle pydocstyle.txt
  $PY -c 'import json, pydocstyle
print(json.dumps([{"filename": e.filename, "line": e.line, "code": e.code, "message": e.message[len(e.code) + 2:]}
  for e in pydocstyle.check(["docs.py"])], indent=1))' | record pydocstyle pydocstyle.truth.json
fi

# ---- Rust: cargo check and cargo clippy with --message-format=short (errorformat's cargo-check and clippy);
# their JSON messages are the truth
if want cargo-check; then
  cd "$WORK/rust-check"
  version cargo-check "cargo --version"
  cargo check --offline --quiet --message-format=short 2>&1 | record cargo-check cargo-check-short.txt
  cargo check --offline --quiet --message-format=json 2>/dev/null | record cargo-check cargo-check.truth.json
  cd "$WORK/rust"
  # cargo replays a cached check in the format it was first rendered in: touch the source to run it afresh.
  touch src/main.rs
  cargo clippy --offline --quiet --message-format=short 2>&1 | record clippy clippy-short.txt
fi

# ---- Prose: proselint (text; --json truth, which names no file: one file is checked)
if want proselint; then
  cd "$WORK/prose"
  version proselint "proselint --version"
  proselint NOTES.md 2>&1 | record proselint proselint.txt
  proselint --json NOTES.md 2>/dev/null | record proselint proselint.truth.json
fi

# ---- C++: cpplint (its default emacs-style report; --output=junit truth)
if want cpplint; then
  cd "$WORK/cpp"
  version cpplint "cpplint --version" 2
  cpplint parser.cc 2>&1 | record cpplint cpplint.txt
  cpplint --output=junit parser.cc 2>&1 | record cpplint cpplint.truth.xml
fi

# ---- C/C++ security: flawfinder (its default report; its SARIF is the truth and a recording)
if want flawfinder; then
  cd "$WORK/cpp"
  version flawfinder "flawfinder --version"
  flawfinder parser.cc 2>&1 | record flawfinder flawfinder.txt
  flawfinder --sarif parser.cc 2>/dev/null | record flawfinder flawfinder.sarif.json
fi

# ---- Protocol Buffers: buf lint (text, github-actions; --error-format=json truth)
if want buf; then
  cd "$WORK/proto"
  version buf "$TOOLS3/node_modules/.bin/buf --version"
  "$TOOLS3/node_modules/.bin/buf" lint 2>&1 | record buf buf.txt
  "$TOOLS3/node_modules/.bin/buf" lint --error-format=github-actions 2>&1 | record buf buf-github.txt
  "$TOOLS3/node_modules/.bin/buf" lint --error-format=json 2>/dev/null | record buf buf.truth.json
fi

# ---- Prose: textlint (stylish, its default; -f json truth); Solidity: solhint (stylish, with the
# advertisements it prints; -f json truth)
if want textlint; then
  cd "$WORK/textlint"
  ln -s "$TOOLS4/node_modules" node_modules
  version textlint "$TOOLS4/node_modules/.bin/textlint --version"
  "$TOOLS4/node_modules/.bin/textlint" HANDBOOK.md 2>&1 | record textlint textlint.txt
  "$TOOLS4/node_modules/.bin/textlint" -f json HANDBOOK.md 2>/dev/null | record textlint textlint.truth.json
  rm node_modules
fi
if want solhint; then
  cd "$WORK/solidity"
  version solhint "$TOOLS4/node_modules/.bin/solhint --version"
  "$TOOLS4/node_modules/.bin/solhint" Vault.sol 2>&1 | record solhint solhint.txt
  "$TOOLS4/node_modules/.bin/solhint" -f json Vault.sol 2>/dev/null | record solhint solhint.truth.json
fi

# ---- ESLint 9's compact formatter (errorformat's eslint-compact; eslint-formatter-compact since ESLint 9),
# beside the stylish recording; the same -f json truth
if want eslint-compact; then
  cd "$WORK/js"
  ln -s "$TOOLS/node_modules" node_modules
  printf 'import js from "@eslint/js";\nexport default [js.configs.recommended, { rules: { eqeqeq: "warn" } }];\n' >eslint.config.mjs
  "$BIN/eslint" -f compact cart.js 2>&1 | record eslint eslint-compact.txt
  rm eslint.config.mjs node_modules
fi

# ---- Dockerfile: dockerfilelint (hadolint has no Debian or npm package; its -o json report, read and truth)
if want dockerfilelint; then
  cd "$WORK/docker"
  version dockerfilelint "node -p require('$TOOLS4/node_modules/dockerfilelint/package.json').version"
  "$TOOLS4/node_modules/.bin/dockerfilelint" -o json Dockerfile 2>/dev/null | record dockerfilelint dockerfilelint.json
fi

# ---- Gherkin: gherkin-lint (its stylish report; -f json truth)
if want gherkin-lint; then
  cd "$WORK/gherkin"
  version gherkin-lint "node -p require('$TOOLS4/node_modules/gherkin-lint/package.json').version"
  "$TOOLS4/node_modules/.bin/gherkin-lint" checkout.feature 2>&1 | record gherkin-lint gherkin-lint.txt
  "$TOOLS4/node_modules/.bin/gherkin-lint" -f json checkout.feature 2>&1 | record gherkin-lint gherkin-lint.truth.json
fi

# ---- LaTeX: ChkTeX (its default report; its own tab template of file, line, column, kind, number and
# message is the truth)
if want chktex; then
  cd "$WORK/latex"
  version chktex "chktex --version"
  chktex -q paper.tex 2>&1 | record chktex chktex.txt
  chktex -q -f $'%f\t%l\t%c\t%k\t%n\t%m\n' paper.tex 2>&1 | record chktex chktex.truth.tsv
fi

# ---- CSS: CSSLint (text, its default; compact; --format=json truth) on the stylelint sample
if want csslint; then
  cd "$WORK/css"
  version csslint "$TOOLS4/node_modules/.bin/csslint --version"
  "$TOOLS4/node_modules/.bin/csslint" site.css 2>&1 | record csslint csslint.txt
  "$TOOLS4/node_modules/.bin/csslint" --format=compact site.css 2>&1 | record csslint csslint-compact.txt
  "$TOOLS4/node_modules/.bin/csslint" --format=json site.css 2>/dev/null | record csslint csslint.truth.json
fi

# ---- CoffeeScript: CoffeeLint 2 (its default report; --reporter raw, its JSON, is the truth)
if want coffeelint; then
  cd "$WORK/coffee"
  version coffeelint "$TOOLS4/node_modules/.bin/coffeelint --version"
  "$TOOLS4/node_modules/.bin/coffeelint" cart.coffee 2>&1 | record coffeelint coffeelint.txt
  "$TOOLS4/node_modules/.bin/coffeelint" --reporter raw cart.coffee 2>/dev/null | record coffeelint coffeelint.truth.json
fi

cd "$ROOT"
node --import tsx scripts/regen.ts --only stage1-truth
