@compact
Feature: An invalid request is refused with INVALID_REQUEST and nothing else
  A compactor never guesses what a malformed request meant. Where the design makes a request a caller bug (empty
  or disordered rounds, fractional indices) it answers with a typed error whose message names structure only —
  never text taken from the request — and it emits no log and no Delta. Stricter checks are the reference's
  (@reference): another compactor may read such a request leniently (FC-REQ-1..16, FC-ERR-1..3).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule       | path     | line | message                 |
      | a1 | tsc:TS2304 | src/a.ts | 3    | Cannot find name 'cfg'. |

  @reference
  Scenario: An unknown top-level member is refused, not ignored
    Given the request also carries the unknown member "budgetTokens"
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"
    And no log and no Delta are returned

  Scenario: Round indices must strictly increase
    Given the verifier's verdict on round 2 is "fail" with no findings
    And round 2 is given the index 1
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"

  Scenario: A fractional round index is refused
    Given round 1 is given the index 1.5
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"

  @reference
  Scenario: A budget below 128 tokens is refused
    Given the budget is 127 tokens
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"

  Scenario: A request read strictly or leniently echoes no text of it in an error
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule       | message              | severity              |
      | b1 | lint:style | prefer-const-canary1 | severity-canary-7f3a  |
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST" or returns a log
    And the reply does not contain "severity-canary-7f3a"
    And an error reply does not contain "prefer-const-canary1"
