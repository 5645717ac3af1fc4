@compact
Feature: An invalid request is refused with INVALID_REQUEST and nothing else
  A compactor never guesses what a malformed request meant. It answers with a typed error whose message names
  structure only — never text taken from the request — and it emits no log and no Delta (FC-REQ-1..12, FC-ERR-1..3).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule       | path     | line | message                 |
      | a1 | tsc:TS2304 | src/a.ts | 3    | Cannot find name 'cfg'. |

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

  Scenario: A budget below 128 tokens is refused
    Given the budget is 127 tokens
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"

  Scenario: The error names no text of the request
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule       | message              | severity              |
      | b1 | lint:style | prefer-const-canary1 | severity-canary-7f3a  |
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"
    And the reply does not contain "severity-canary-7f3a"
    And the reply does not contain "prefer-const-canary1"
