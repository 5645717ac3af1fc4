@compact
Feature: Resolved and superseded findings leave the Delta (stale state)
  A cause whose latest status is resolved or superseded is redacted from the Delta with a tombstone and a
  "do not re-chase" constraint; with keepForContext it becomes a context constraint instead, and nothing is
  tombstoned because nothing was removed (FC-REDACT-STALE-1, FC-REDACT-KEEP-1, FC-STAGE3-1, FC-STAGE3-4).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id     | rule                  | path     | line | message                                     |
      | lint-1 | eslint:no-unused-vars | src/a.ts | 4-6  | 'tax' is assigned but never used resolved-x |
      | t1     | test:failed           | src/b.ts | 9    | cart total is 0                             |

  Scenario: A resolved finding is redacted with a tombstone and a constraint
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id     | rule                  | path     | line | message                                     | status   |
      | lint-1 | eslint:no-unused-vars | src/a.ts | 4-6  | 'tax' is assigned but never used resolved-x | resolved |
      | t1     | test:failed           | src/b.ts | 9    | cart total is 0                             |          |
    When the implementation compacts the request
    Then the Delta's open root causes are "t1"
    And root cause "lint-1" is among the resolved failures
    And the log records a "stale-state" tombstone for "lint-1"
    And the Delta has 1 constraint naming "lint-1"
    And the Delta does not contain "resolved-x"

  Scenario: keepForContext keeps a context line instead of a tombstone
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id     | rule                  | path     | line | message                                     | status   | keep |
      | lint-1 | eslint:no-unused-vars | src/a.ts | 4-6  | 'tax' is assigned but never used resolved-x | resolved | yes  |
      | t1     | test:failed           | src/b.ts | 9    | cart total is 0                             |          |      |
    When the implementation compacts the request
    Then the Delta has 1 constraint, one of them naming "eslint:no-unused-vars" at "src/a.ts"
    And the log records no tombstone for "lint-1"
    And root cause "lint-1" is among the resolved failures
    And the Delta does not contain "resolved-x"

  Scenario: A finding reported again after its resolution is open again
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id     | rule                  | path     | line | message                                     | status   |
      | lint-1 | eslint:no-unused-vars | src/a.ts | 4-6  | 'tax' is assigned but never used resolved-x | resolved |
    And the verifier's verdict on round 3 is "fail" with these findings:
      | id     | rule                  | path     | line | message                                     |
      | lint-1 | eslint:no-unused-vars | src/a.ts | 4-6  | 'tax' is assigned but never used resolved-x |
    When the implementation compacts the request
    Then root cause "lint-1" has status "open"
    And the Delta has no constraints
