// FC-STAGE1-RAW-5, FC-ID-2: extra volatile-token masks applied before hashing a message into a stable id.

/**
 * Additional masks for FC-ID-2's `normMessage`, applied in order BEFORE the base list in src/text.ts.
 * Each one removes a token that changes between two runs of the same failure: it never contains the
 * failure's cause, so masking it keeps ids stable without merging different failures.
 */
export const EXTRA_VOLATILE: [RegExp, string][] = [
  // Whole temporary paths (the base list masks only the first segment under /tmp): pytest's
  // /tmp/pytest-of-user/pytest-12/test_x0, mkdtemp dirs, macOS /private/var/folders/.., Windows %TEMP%.
  [/(?:\/private)?\/(?:tmp|var\/tmp|var\/folders)\/[^\s'"`:,;)\]]{1,400}/g, "<tmp>"],
  [
    /\b[A-Za-z]:\\(?:Users\\[^\\\s]{1,64}\\AppData\\Local\\Temp|Windows\\Temp)\\[^\s'"`:,;)\]]{1,400}/g,
    "<tmp>",
  ],
  // file:line:col positions inside messages (a moved line must not change the id): `a.ts:12:5` -> `a.ts:<pos>`.
  [/(\.[A-Za-z][A-Za-z0-9]{0,7}):\d{1,9}(?::\d{1,9})?\b/g, "$1:<pos>"],
  [/(\.[A-Za-z][A-Za-z0-9]{0,7})\(\d{1,9},\d{1,9}\)/g, "$1(<pos>)"],
  // Random seeds printed by property testers and shufflers.
  [/\b(seed|Seed|SEED|random-seed|randomSeed)(\s*[:=]\s*|\s+)-?\d{1,20}\b/g, "$1$2<seed>"],
  // Durations written as `(12 ms)`, `in 0.61s`, `0.005s`, `1m 3s`, `[1.2s]`, `+0ms`.
  [/\b\d{1,9}m\s?\d{1,2}(?:\.\d{1,9})?s\b/g, "<dur>"],
  [/(?<![\w.])\d{1,9}\.\d{1,9}s\b/g, "<dur>"],
  [/\+\d{1,9}ms\b/g, "<dur>"],
  // Go goroutine numbers and argument words, which differ per run.
  [/\bgoroutine \d{1,12}\b/g, "goroutine <n>"],
  // Process ids written as `[pid 123]`, `process 123`, `PID: 123`.
  [/\b(process|PID:?)\s\d{1,10}\b/g, "$1 <n>"],
  // Local ports of throw-away servers: `127.0.0.1:43817`, `localhost:43817`.
  [/\b(127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):\d{2,5}\b/g, "$1:<port>"],
  // Wall-clock times without a date: `12:17:51`, `12:17:51.299`.
  [/\b\d{1,2}:\d{2}:\d{2}(?:\.\d{1,9})?\b/g, "<time>"],
];
