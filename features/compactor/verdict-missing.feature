@compact
Feature: A round without a usable verifier verdict is VERIFIER_VERDICT_MISSING
  The Delta is derived from verdicts; a round whose verdict is absent or malformed cannot be compacted, and the
  first violation in document order decides the code (FC-REQ-5, FC-REQ-9, FC-ERR-2).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule       | message                 |
      | a1 | tsc:TS2304 | Cannot find name 'cfg'. |

  Scenario: The last round has no verdict
    Given round 2 has no verifier verdict
    When the implementation compacts the request
    Then the compaction fails with "VERIFIER_VERDICT_MISSING"
    And no log and no Delta are returned

  Scenario: A verdict status outside pass, fail and blocked
    Given the verdict status of round 1 is "failed"
    When the implementation compacts the request
    Then the compaction fails with "VERIFIER_VERDICT_MISSING"

  Scenario: The earlier round decides the code
    Given round 1 has no verifier verdict
    And the verifier's verdict on round 2 is "fail" with no findings
    And round 2 is given the index 2.5
    When the implementation compacts the request
    Then the compaction fails with "VERIFIER_VERDICT_MISSING"
