@compact
Feature: The task spec and the canonical state are never modified, redacted or echoed
  The compactor reads taskSpec not at all and canonicalState only for its ref, repository root and overwritten
  ranges. Only the ref is copied — verbatim — into the log (FC-PURE-2, FC-REDACT-UNTOUCHED-1, FC-STALL-2).

  Background:
    Given a compaction request against the canonical state "refs/heads/main@9c1f0e2 (dirty)"
    And the repository root is "/home/canary-user-5f/repo"
    And the task spec is:
      """
      {"goal": "canary-goal-2e9b", "steps": ["canary-step-c4d0"], "repo": "/home/canary-user-5f/repo"}
      """
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | path                                        | line | message         |
      | a1 | test:failed | /home/canary-user-5f/repo/test/cart.test.ts | 14   | cart total is 0 |

  Scenario: No task spec text and no repository root appear in the reply
    When the implementation compacts the request
    Then the reply does not contain "canary-goal-2e9b"
    And the reply does not contain "canary-step-c4d0"
    And the reply does not contain "canary-user-5f"

  Scenario: The state ref is copied verbatim into the source window
    When the implementation compacts the request
    Then the log's source window names round 1 as the last and "refs/heads/main@9c1f0e2 (dirty)" as the state

  Scenario: A different task spec changes nothing in the log
    When the implementation compacts the request
    And the task spec is:
      """
      {"goal": "a completely different goal"}
      """
    And the implementation compacts the request again
    Then the two logs are identical
