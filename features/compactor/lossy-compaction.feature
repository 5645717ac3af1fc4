@compact @reference
Feature: Compaction may lose detail, but never silently
  What does not fit is dropped in a fixed order — traces before causes, the least relevant causes first — and
  every drop leaves a tombstone and a count: no cause disappears without a trace in the log
  (FC-STAGE5-2, FC-STAGE5-4, FC-DELTA-1, FC-REDACT-TRUNCATION-1, FC-TRIM-1).

  Background:
    Given a compaction request against the canonical state "tree-1"

  Scenario: Causes that do not fit are counted and tombstoned
    Given the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message                                                                                                                                                                                                                                                                                                                                                                                 |
      | c1 | test:failed | parser rejects nested arrays when the schema declares tuple items without additional entries and reports the index mismatch against the expected length of the fixture loader which returns a stale cache after a locale switch during retry and the parser rejects nested arrays when the schema declares tuple items without additional entries again for the second fixture set |
      | c2 | test:failed | fixture loader returns a stale cache after a locale switch during retry and the parser rejects nested arrays when the schema declares tuple items without additional entries and reports the index mismatch against the expected length of the fixture loader which returns a stale cache again after the second locale switch in the same retry of the suite under test here |
      | c3 | test:failed | the config loader ignores the environment override when the cache is warm and the locale is set and the parser rejects nested arrays when the schema declares tuple items without additional entries and reports the index mismatch against the expected length of the fixture loader which returns a stale cache after a locale switch during retry in the last suite   |
    And the budget is 256 tokens
    When the implementation compacts the request
    Then the Delta's open root causes are "c1"
    And the omitted marker counts 2 root causes
    And the log records a "truncation" tombstone for "c2" with the reason "omitted: rank 2 of 3 over the token budget"
    And the log records a "truncation" tombstone for "c3" with the reason "omitted: rank 3 of 3 over the token budget"
    And every root cause is rendered, counted as omitted, or resolved, exactly once

  Scenario: A trace is dropped before its cause
    Given the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message                      | trace                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    |
      | t1 | test:failed | parseConfig returns defaults | at parse (src/config.ts:12) at load (src/config.ts:40) at main (src/index.ts:3) at run (node_modules/vitest/dist/runner.js:911) at parse (src/config.ts:12) at load (src/config.ts:40) at main (src/index.ts:3) at run (node_modules/vitest/dist/runner.js:911) at parse (src/config.ts:12) at load (src/config.ts:40) at main (src/index.ts:3) at run (node_modules/vitest/dist/runner.js:911) at parse (src/config.ts:12) at load (src/config.ts:40) at main (src/index.ts:3) at run (node_modules/vitest/dist/runner.js:911) at parse (src/config.ts:12) at load (src/config.ts:40) at main (src/index.ts:3) |
    And the budget is 128 tokens
    When the implementation compacts the request
    Then "t1" is in the Delta without its trace
    And the log records a "truncation" tombstone for "t1" with the reason "trace dropped to fit the token budget"
    And the Delta has no omitted marker

  Scenario: When nothing fits, the marker still counts every open cause
    Given the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message                                                                                                                                                                                                                                                                                                                                                                                 |
      | c1 | test:failed | parser rejects nested arrays when the schema declares tuple items without additional entries and reports the index mismatch against the expected length of the fixture loader which returns a stale cache after a locale switch during retry and the parser rejects nested arrays when the schema declares tuple items without additional entries again for the second fixture set |
    And the budget is 128 tokens
    When the implementation compacts the request
    Then the Delta's open root causes are "none"
    And the omitted marker counts 1 root cause
