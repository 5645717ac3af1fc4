@compact
Feature: Findings on code the canonical state has overwritten are superseded (superseded edit)
  When canonicalState says lines of a file were overwritten after the round in which a cause was last seen, the
  cause is stale: it is superseded, its message and trace never reach the Delta, it leaves a tombstone, and the
  Worker is told not to re-introduce the reverted block (FC-REDACT-SUPERSEDED-1, FC-REDACT-SUPERSEDED-2).

  Background:
    Given a compaction request against the canonical state "tree-3"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule       | path        | line | message                                   | trace                      |
      | e1 | tsc:TS2322 | src/cart.ts | 12   | Type 'string' is not assignable stale-s71 | at total (cart.ts) stale-t |
      | e2 | tsc:TS2304 | src/tax.ts  | 3    | Cannot find name 'rate'.                  |                            |
    And the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule       | path        | line | message                                   |
      | e1 | tsc:TS2322 | src/cart.ts | 12   | Type 'string' is not assignable stale-s71 |
      | e2 | tsc:TS2304 | src/tax.ts  | 3    | Cannot find name 'rate'.                  |

  Scenario: An overwritten range supersedes the cause on it
    Given the canonical state overwrote lines 10 to 20 of "src/cart.ts" after round 2
    When the implementation compacts the request
    Then the Delta's open root causes are "e2"
    And root cause "e1" has status "superseded"
    And the log records a "superseded-edit" tombstone for "e1"
    And the Delta has 1 constraint naming "src/cart.ts" lines 10 to 20
    And the Delta does not contain "stale-s71"
    And the Delta does not contain "stale-t"

  Scenario: A range overwritten before the cause was last seen does not supersede it
    Given the canonical state overwrote lines 10 to 20 of "src/cart.ts" after round 1
    When the implementation compacts the request
    Then the Delta's open root causes are "e1, e2"
    And the Delta has no constraints

  Scenario: A range that misses the cause's lines leaves it open
    Given the canonical state overwrote lines 13 to 20 of "src/cart.ts" after round 2
    When the implementation compacts the request
    Then root cause "e1" has status "open"
    And the Delta has no constraints

  Scenario: keepForContext on a superseded edit keeps a context line
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule       | path        | line | message                                   | keep |
      | e1 | tsc:TS2322 | src/cart.ts | 12   | Type 'string' is not assignable stale-s71 | yes  |
      | e2 | tsc:TS2304 | src/tax.ts  | 3    | Cannot find name 'rate'.                  |      |
    And the canonical state overwrote lines 10 to 20 of "src/cart.ts" after round 2
    When the implementation compacts the request
    Then the Delta has 2 constraints, one of them naming "tsc:TS2322" at "src/cart.ts"
    And a constraint names "src/cart.ts" lines 10 to 20
    And the log records no tombstone for "e1"
    And the Delta does not contain "stale-s71"
