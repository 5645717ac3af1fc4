#!/usr/bin/env bash
# FC-STAGE1-RAW-1..9, FC-FORMAT-*: regenerates the real-tool Stage 1 fixtures under src/normalize/fixtures/ from the sample projects.
#
# Usage: bash scripts/regen-stage1-fixtures.sh [--draft]
#
# Runs each real tool on the deliberately broken sample projects in src/normalize/fixtures/projects/
# (copied to .tmp/stage1/ first, so builds never litter the tree) and records what the tool printed.
# Tools missing from the machine are installed into .tmp/tools (npm) or reported (Debian: golang-go, clang;
# cargo, gcc, python3 + pytest are expected to be present). A tool that cannot run is skipped with a
# message; its existing fixtures stay as they are.
#
# The checkout path of the copy is rewritten to /home/dev/sample so fixtures do not depend on where
# the repository lives; nothing else in the tool output is changed.
#
# --draft additionally writes <fixture>.expected.json for fixtures that have none, using the current
# parser. A draft is a starting point only: read it against the tool output before committing it.
set -u
cd "$(dirname "$0")/.."
ROOT="$PWD"
FIX="$ROOT/src/normalize/fixtures"
WORK="$ROOT/.tmp/stage1"
TOOLS="$ROOT/.tmp/tools"
FAKE="/home/dev/sample"
DRAFT="${1:-}"

# Pinned versions of the npm tools (installed outside the project's package.json).
NPM_TOOLS=(typescript@5.9.3 eslint@9.39.5 @eslint/js@9.39.5 jest@29.7.0 jest-junit@16.0.0
  @microsoft/eslint-formatter-sarif@3.1.0 tape@5.10.2)

# Newer majors for the recordings of issue 18 (paths with spaces, suppressed SARIF results, todo tests),
# in their own prefix so the older pins above keep their fixtures. The SARIF formatter's peer range stops
# at ESLint 9; it works with 10 as recorded.
NPM_TOOLS_NEXT=(eslint@10.15.0 @eslint/js@10.0.1 jest@30.5.2 jest-junit@17.0.0
  @microsoft/eslint-formatter-sarif@3.1.0)
TOOLS_NEXT="$ROOT/.tmp/tools-next"

need_npm_tools() {
  for t in tsc eslint jest tape; do [ -x "$TOOLS/node_modules/.bin/$t" ] || return 0; done
  return 1
}
if need_npm_tools; then
  echo "installing ${NPM_TOOLS[*]} into .tmp/tools" >&2
  npm install --prefix "$TOOLS" --no-audit --no-fund --no-save "${NPM_TOOLS[@]}" >&2 || exit 1
fi
if [ ! -x "$TOOLS_NEXT/node_modules/.bin/jest" ] || [ ! -x "$TOOLS_NEXT/node_modules/.bin/eslint" ]; then
  echo "installing ${NPM_TOOLS_NEXT[*]} into .tmp/tools-next" >&2
  npm install --prefix "$TOOLS_NEXT" --no-audit --no-fund --no-save --legacy-peer-deps "${NPM_TOOLS_NEXT[@]}" >&2 || exit 1
fi
TSC5="$TOOLS/node_modules/.bin/tsc"
TSC7="$ROOT/node_modules/.bin/tsc"
ESLINT="$TOOLS/node_modules/.bin/eslint"
JEST="$TOOLS/node_modules/.bin/jest"
TAPE="$TOOLS/node_modules/.bin/tape"
VITEST="$ROOT/node_modules/.bin/vitest"

rm -rf "$WORK"
mkdir -p "$WORK"
cp -r "$FIX/projects/." "$WORK/"
find "$WORK" -name '*.ts.sample' -exec sh -c 'mv "$1" "${1%.sample}"' _ {} \;
# eslint resolves @eslint/js from the config's directory; jest-junit from the project.
ln -s "$TOOLS/node_modules" "$WORK/eslint-app/node_modules"
ln -s "$TOOLS/node_modules" "$WORK/jest-app/node_modules"
ln -s "$TOOLS/node_modules" "$WORK/tape-app/node_modules"
ln -s "$TOOLS_NEXT/node_modules" "$WORK/eslint10-app/node_modules"
ln -s "$TOOLS_NEXT/node_modules" "$WORK/jest30-app/node_modules"

# record FORMAT NAME EXT: stdin -> fixture file, with the work path rewritten.
record() {
  mkdir -p "$FIX/$1"
  sed -e "s#$WORK#$FAKE#g" -e "s#$ROOT#/home/dev/toolchain#g" >"$FIX/$1/$2.$3"
  echo "recorded $1/$2.$3" >&2
}
have() { command -v "$1" >/dev/null 2>&1; }

# ---- tsc (TypeScript 7 from the project, TypeScript 5 from .tmp/tools)
cd "$WORK/ts-spaces-app"
"$TSC7" -p tsconfig.json --pretty false 2>&1 | record tsc ts7-spaces txt
FORCE_COLOR=1 "$TSC7" -p tsconfig.json --pretty true 2>&1 | record tsc ts7-spaces-pretty txt

cd "$WORK/ts-app"
for v in 5 7; do
  T="TSC$v"
  T="${!T}"
  "$T" -p tsconfig.json --pretty false 2>&1 | record tsc "ts$v-pretty-false" txt
  FORCE_COLOR=1 "$T" -p tsconfig.json --pretty true 2>&1 | record tsc "ts$v-pretty" txt
  "$T" --noEmit --target es1999 src/config.ts --pretty false 2>&1 | record tsc "ts$v-global-error" txt
  FORCE_COLOR=1 "$T" --noEmit --target es1999 src/config.ts --pretty true 2>&1 | record tsc "ts$v-global-error-pretty" txt
  "$T" -p missing.json --pretty false 2>&1 | record tsc "ts$v-missing-project" txt
done

# ---- ESLint (JSON and SARIF formatters)
cd "$WORK/eslint-app"
"$ESLINT" -f json src 2>/dev/null | record eslint eslint9-json json
"$ESLINT" -f json src/clean.js 2>/dev/null | record eslint eslint9-clean json
"$ESLINT" -f @microsoft/eslint-formatter-sarif src 2>/dev/null | record sarif eslint9-sarif json

# ---- vitest (JSON, JUnit and the default console reporter)
cd "$WORK/vitest-app"
"$VITEST" run --root . --reporter=json 2>/dev/null | record jest-json vitest4-json json
"$VITEST" run --root . --reporter=junit 2>/dev/null | record junit vitest4-junit xml
FORCE_COLOR=1 "$VITEST" run --root . 2>&1 | record text vitest4-console txt

# ---- jest (JSON and jest-junit)
cd "$WORK/jest-app"
"$JEST" --json 2>/dev/null | record jest-json jest29-json json
JEST_JUNIT_OUTPUT_FILE="$WORK/jest-junit.xml" "$JEST" --reporters=jest-junit >/dev/null 2>&1
record junit jest-junit16 xml <"$WORK/jest-junit.xml"
"$JEST" 2>&1 | record text jest29-console txt

# ---- node:test (TAP, JUnit, spec) and an uncaught exception
cd "$WORK/nodetest-app"
node --test --test-reporter=tap queue.test.mjs 2>&1 | record tap node20-test-tap tap
node --test --test-reporter=junit queue.test.mjs 2>&1 | record junit node20-test-junit xml
node --test --test-reporter=spec queue.test.mjs 2>&1 | record text node20-test-spec txt
node crash.mjs 2>&1 | record node-stack node20-uncaught txt

# ---- tape (TAP 13)
cd "$WORK/tape-app"
"$TAPE" list.test.cjs 2>&1 | record tap tape5 tap

# ---- gcc and clang
cd "$WORK/c-app"
gcc -Wall -Wextra -c broken.c -o /dev/null 2>&1 | record compiler gcc12 txt
gcc -Wall -Wextra -fdiagnostics-color=always -c broken.c -o /dev/null 2>&1 | record compiler gcc12-color txt
if have clang; then
  clang -Wall -Wextra -c broken.c -o /dev/null 2>&1 | record compiler clang14 txt
  clang -Wall -Wextra -fcolor-diagnostics -c broken.c -o /dev/null 2>&1 | record compiler clang14-color txt
else
  echo "skipped clang: apt-get install clang" >&2
fi

# ---- pytest and a Python traceback
if have pytest; then
  cd "$WORK/py-app"
  pytest -p no:cacheprovider -o junit_family=xunit1 --junitxml="$WORK/xunit1.xml" tests >/dev/null 2>&1
  record junit pytest9-xunit1 xml <"$WORK/xunit1.xml"
  pytest -p no:cacheprovider -o junit_family=xunit2 --junitxml="$WORK/xunit2.xml" tests >/dev/null 2>&1
  record junit pytest9-xunit2 xml <"$WORK/xunit2.xml"
  pytest -p no:cacheprovider -rfE tests 2>&1 | record pytest pytest9-console txt
  pytest -p no:cacheprovider -q -rfE --tb=no tests 2>&1 | record pytest pytest9-quiet txt
  python3 crash.py 2>&1 | record python-traceback python311-crash txt
else
  echo "skipped pytest" >&2
fi

# ---- Ruby: an uncaught exception, and rake's `rake aborted!` report (message first, then bare frames)
if have ruby && have rake; then
  cd "$WORK/ruby-app"
  ruby main.rb 2>&1 | record ruby-backtrace ruby31-uncaught txt
  rake 2>&1 | record ruby-backtrace ruby31-rake-aborted txt
else
  echo "skipped ruby: apt-get install ruby rake" >&2
fi

# ---- cargo / rustc JSON
if have cargo; then
  cd "$WORK/rust-app"
  cargo build --offline --message-format=json 2>/dev/null | record cargo-json cargo-build json
  sed -i -e 's/let n: i32 = "four";/let n: i32 = 4;/' -e 's/undefined_fn();//' src/main.rs
  cargo build --offline --message-format=json 2>/dev/null | record cargo-json cargo-build-warnings json
else
  echo "skipped cargo" >&2
fi

# ---- go test -json and plain go test
if have go; then
  cd "$WORK/go-app"
  export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GOCACHE="$WORK/.gocache"
  go test -json ./... 2>&1 | record go-test-json go119-test json
  go test ./... 2>&1 | record text go119-test-plain txt
  printf 'package calc\n\nfunc Broken() int {\n\treturn "x"\n}\n' >calc/broken.go
  go test -json ./... 2>&1 | record go-test-json go119-build-failure json
  go vet ./... 2>&1 | record compiler go119-vet txt
  rm calc/broken.go
else
  echo "skipped go: apt-get install golang-go" >&2
fi

# ==== Issue 18: paths with a space in every runner that prints paths, pytest --tb=short/line, a bare
# SyntaxError, gcc JSON, g++ instantiation context, rustc/cargo text, javac, suppressed SARIF results,
# todo and skip tests. Each sample project keeps its failing files under a directory named `sub dir`.
ESLINT10="$TOOLS_NEXT/node_modules/.bin/eslint"
JEST30="$TOOLS_NEXT/node_modules/.bin/jest"

cd "$WORK/eslint10-app"
"$ESLINT10" -f json src 2>/dev/null | record eslint eslint10-json-spaces json
"$ESLINT10" -f @microsoft/eslint-formatter-sarif src 2>/dev/null | record sarif eslint10-sarif-suppressed json

cd "$WORK/jest30-app"
"$JEST30" --json 2>/dev/null | record jest-json jest30-json-spaces json
JEST_JUNIT_OUTPUT_FILE="$WORK/jest30-junit.xml" "$JEST30" --reporters=jest-junit >/dev/null 2>&1
record junit jest-junit17-spaces xml <"$WORK/jest30-junit.xml"

cd "$WORK/vitest-spaces-app"
"$VITEST" run --root . --reporter=json 2>/dev/null | record jest-json vitest4-json-spaces json
"$VITEST" run --root . --reporter=junit 2>/dev/null | record junit vitest4-junit-spaces xml
FORCE_COLOR=1 "$VITEST" run --root . 2>&1 | record text vitest4-console-spaces txt

# A failure in a source file's frame, and a rejection no test awaited (the Unhandled Errors section).
cd "$WORK/vitest-unhandled-app"
"$VITEST" run --root . --reporter=json 2>/dev/null | record jest-json vitest4-json-unhandled json
FORCE_COLOR=1 "$VITEST" run --root . 2>&1 | record text vitest4-console-unhandled txt

cd "$WORK/nodetest-spaces-app"
node --test --test-reporter=tap "sub dir/stack.test.mjs" 2>&1 | record tap node20-test-tap-spaces tap
node --test --test-reporter=junit "sub dir/stack.test.mjs" 2>&1 | record junit node20-test-junit-todo xml
node "sub dir/crash.mjs" 2>&1 | record node-stack node20-uncaught-spaces txt

if have pytest; then
  cd "$WORK/py-spaces-app"
  pytest -p no:cacheprovider -rfE tests 2>&1 | record pytest pytest9-spaces txt
  pytest -p no:cacheprovider -rfE --tb=short tests 2>&1 | record pytest pytest9-tb-short txt
  pytest -p no:cacheprovider -rfE --tb=line tests 2>&1 | record pytest pytest9-tb-line txt
  pytest -p no:cacheprovider -o junit_family=xunit2 --junitxml="$WORK/xunit2-spaces.xml" tests >/dev/null 2>&1
  record junit pytest9-xunit2-spaces xml <"$WORK/xunit2-spaces.xml"
  python3 "scripts/sub dir/report.py" 2>&1 | record python-traceback python311-syntax-error txt
  python3 "scripts/sub dir/lookup.py" 2>&1 | record python-traceback python311-keyerror-spaces txt
fi

cd "$WORK/c-spaces-app"
gcc -Wall -Wextra -c "sub dir/parse.c" "sub dir/other.c" 2>&1 | record compiler gcc12-spaces txt
gcc -Wall -Wextra -fdiagnostics-format=json -c "sub dir/parse.c" "sub dir/other.c" 2>&1 | record gcc-json gcc12-json json
g++ -Wall -c "sub dir/tmpl.cpp" -o /dev/null 2>&1 | record compiler gxx12-required-from txt
g++ -Wall -fdiagnostics-format=json -c "sub dir/tmpl.cpp" -o /dev/null 2>&1 | record gcc-json gxx12-json json

if have javac; then
  cd "$WORK/java-app"
  javac -Xlint:all -d "$WORK/java-out" "src/sub dir/Ledger.java" 2>&1 | record compiler javac17-xlint txt
  javac -d "$WORK/java-out" "src/sub dir/Ledger.java" 2>&1 | record compiler javac17 txt
else
  echo "skipped javac" >&2
fi

if have cargo; then
  cd "$WORK/rust-text-app"
  cargo build --offline 2>&1 | record rustc-text cargo-build-text txt
  rustc --edition 2021 --crate-type bin -o "$WORK/rust-text-app.bin" src/main.rs 2>&1 | record rustc-text rustc-text txt
  sed -i -e 's/let area: u32 = shapes::area(2, 3);/let area = shapes::area(2, 3) as u32;/' src/main.rs
  sed -i -e 's/let s: String = w;/let s = w.to_string();/' "src/sub dir/shapes.rs"
  cargo build --offline 2>&1 | record rustc-text cargo-build-text-warnings txt
  RUST_BACKTRACE=0 cargo test --offline 2>&1 | record rustc-text cargo-test-text txt
fi

cd "$ROOT"
if [ "$DRAFT" = "--draft" ]; then
  node --import tsx scripts/regen-stage1-fixtures.draft.ts
fi
