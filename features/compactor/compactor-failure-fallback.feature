@compact
Feature: When compaction fails, the orchestrator falls back and never sends a blank failure section
  Any failure — an error reply, a crash or a timeout (no reply at all), or a log the orchestrator's own checks
  refuse — means the next Worker turn gets the prior Delta unchanged, or, without one, the minimal fallback Delta
  (FC-FALLBACK-1, FC-ERR-2, FC-ORCH-7). The fallback is computed with the reference's `fallbackDelta`.

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | path     | line | message             |
      | a1 | test:failed | src/a.ts | 4    | cart total is wrong |
    And the implementation compacts the request
    And the request carries the Delta of that compaction as its prior Delta

  Scenario: An error reply falls back to the prior Delta unchanged
    Given round 2 has no verifier verdict
    When the implementation compacts the request
    Then the compaction fails with "VERIFIER_VERDICT_MISSING"
    And the orchestrator falls back to the prior Delta unchanged

  Scenario: A crash or a timeout falls back to the prior Delta unchanged
    Given round 2 repeats the verdict of round 1
    When the compaction ends without a reply
    Then the orchestrator falls back to the prior Delta unchanged

  Scenario: A log the orchestrator refuses falls back like a failure
    Given round 2 repeats the verdict of round 1
    And the implementation compacts the request
    When the orchestrator validates a copy of the log whose attempt is 2
    Then the orchestrator falls back to the prior Delta unchanged

  Scenario: Without a prior Delta the fallback is the minimal Delta, never a blank one
    Given a compaction request against the canonical state "tree-2"
    And the verifier's verdict on round 1 is "fail" with no findings
    And round 2 has no verifier verdict
    When the implementation compacts the request
    Then the compaction fails with "VERIFIER_VERDICT_MISSING"
    And the orchestrator falls back to the minimal Delta of round 2
