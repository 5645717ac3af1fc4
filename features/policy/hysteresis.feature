Feature: Automatic trigger with hysteresis
  The automatic trigger fires when counted usage plus the reserved output reaches compactAt of the window,
  then stays disarmed until usage falls below rearmBelow (spec/policy.md FC-POLICY-TRIGGER-1..5).
  With a window of 100,000 tokens and 500 reserved tokens, the trigger fires from 84,500 counted tokens
  and re-arms below 59,500.

  Background:
    Given a valid automatic compaction policy
    And a window of 100000 tokens, compactAt 8500 and rearmBelow 6000 basis points, reserving 500 output tokens

  Scenario: Fires at compactAt, not one token before
    When the loop observes these counted usages in order:
      | counted |
      | 84499   |
      | 84500   |
    Then the decisions are:
      | action  | trigger   | armed |
      | keep    | null      | true  |
      | compact | automatic | false |

  Scenario: Does not fire again until usage falls below rearmBelow
    When the loop observes these counted usages in order:
      | counted |
      | 90000   |
      | 95000   |
      | 70000   |
      | 59500   |
      | 90000   |
      | 59499   |
      | 84500   |
    Then the decisions are:
      | action  | trigger   | armed |
      | compact | automatic | false |
      | keep    | null      | false |
      | keep    | null      | false |
      | keep    | null      | false |
      | keep    | null      | false |
      | keep    | null      | true  |
      | compact | automatic | false |

  Scenario: Re-arms mid-stage but fires only at a boundary
    When the loop observes these counted usages in order:
      | counted | boundary  |
      | 90000   | turn      |
      | 1000    | mid-stage |
      | 90000   | mid-stage |
      | 90000   | turn      |
    Then the decisions are:
      | action  | trigger   | armed |
      | compact | automatic | false |
      | keep    | null      | true  |
      | keep    | null      | true  |
      | compact | automatic | false |

  Scenario: A fire rejected by a guard is not retried
    When the loop observes these counted usages in order:
      | counted | turnsSinceCompaction |
      | 90000   | 1                    |
      | 90000   | 4                    |
    Then the decisions are:
      | action | trigger   | armed |
      | keep   | automatic | false |
      | keep   | null      | false |
