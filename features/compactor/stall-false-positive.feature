@compact
Feature: A stall is flagged only when the Worker is really stuck
  stallCandidate is true when the prior Delta is the implementation's own and the open findings did not change,
  false when they changed (FC-STALL-1); in the reference the stall view of a Delta drops what changes every round
  (attempt, generatedAt, lastSeen) and stallCandidate is true exactly when the two views are equal (FC-STALL-3). The orchestrator's rule: the loop
  is stalled when the new log is a stall candidate and the canonical state did not change since the prior
  compaction. A candidate after a state change is the Worker trying something that did not help yet.

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | path              | line | message                 |
      | s1 | test:failed | test/cart.test.ts | 14   | expected 3 items, got 2 |
    And the implementation compacts the request
    And the request carries the Delta of that compaction as its prior Delta

  Scenario: The same failure on the same state is a stall
    Given round 2 repeats the verdict of round 1
    When the implementation compacts the request again
    Then the log is flagged as a stall candidate
    And the two Deltas have the same stall view
    And by the orchestrator's rule the loop is stalled

  Scenario: The same failure after a change of the canonical state is not a stall
    Given round 2 repeats the verdict of round 1
    And the canonical state is now "tree-2"
    When the implementation compacts the request again
    Then the log is flagged as a stall candidate
    But by the orchestrator's rule the loop is not stalled

  Scenario: A resolved finding is progress, not a stall
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule        | path              | line | message                 | status   |
      | s1 | test:failed | test/cart.test.ts | 14   | expected 3 items, got 2 | resolved |
      | s2 | test:failed | test/tax.test.ts  | 3    | tax is not applied      |          |
    When the implementation compacts the request again
    Then the log is not flagged as a stall candidate
    And the two Deltas have different stall views
    And by the orchestrator's rule the loop is not stalled

  Scenario: The same request compacted twice gives the same log
    When the implementation compacts the request again
    And the implementation compacts the request again
    Then the two logs are identical
