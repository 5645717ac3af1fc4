@compact
Feature: Two different findings under one id are an ID_COLLISION, which is fatal
  Grouping is by exact id, so an id that names two different findings would silently merge them. The compactor
  refuses the request instead — but a finding that moved, changed severity or was resolved is the same finding
  (FC-ID-3, FC-STAGE2-1).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | path     | line | message                      |
      | x1 | test:failed | src/a.ts | 3    | cart total is 0 collision-42 |

  Scenario: The same id with a different message
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule        | path     | line | message                         |
      | x1 | test:failed | src/a.ts | 3    | cart is empty other-message-17  |
    When the implementation compacts the request
    Then the compaction fails with "ID_COLLISION"
    And no log and no Delta are returned
    And the reply does not contain "collision-42"
    And the reply does not contain "other-message-17"

  Scenario: The same id on another path
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule        | path     | line | message                      |
      | x1 | test:failed | src/b.ts | 3    | cart total is 0 collision-42 |
    When the implementation compacts the request
    Then the compaction fails with "ID_COLLISION"

  Scenario: A finding that moved and was resolved is not a collision
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule        | path     | line | message                      | status   | severity |
      | x1 | test:failed | src/a.ts | 9-11 | cart total is 0 collision-42 | resolved | warning  |
    When the implementation compacts the request
    Then the log has 1 root cause
    And root cause "x1" has status "resolved"
