Feature: Accept-and-continue guards
  When a trigger holds, the guards may reject or defer the compaction; the loop then keeps its context
  and never retries past the guard. When several block, one of them is named; in the reference the first in a
  fixed order (spec/policy.md FC-POLICY-GUARD-1..10).

  Background:
    Given a valid automatic compaction policy

  Scenario: All guards pass
    Given the automatic trigger holds at a turn boundary
    When the loop decides
    Then the loop compacts with every guard passed

  Scenario: Disabled compaction rejects
    Given the compaction config also has:
      | enabled | false |
    And the automatic trigger holds at a turn boundary
    When the loop decides
    Then the loop keeps its context because the guard "disabled" rejects it

  Scenario Outline: Each guard's outcome
    Given the automatic trigger holds at a turn boundary
    And the loop state also has:
      | <member> | <value> |
    When the loop decides
    Then the loop keeps its context because the guard "<guard>" <verb> it

    Examples:
      | member               | value | guard                  | verb    |
      | modelAvailable       | false | no_model               | rejects |
      | circuitBreakerOpen   | true  | circuit_breaker_open   | rejects |
      | compactionInProgress | true  | compaction_in_progress | defers  |
      | turnsSinceCompaction | 2     | insufficient_turns     | rejects |

  Scenario: A request already submitted is deduplicated
    Given the automatic trigger holds at a turn boundary
    And the loop state also has:
      | requestFingerprint    | "sha256:aa"              |
      | submittedFingerprints | ["sha256:bb", "sha256:aa"] |
    When the loop decides
    Then the loop keeps its context because the guard "deduplicated" defers it

  Scenario: Too soon after the last compaction
    Given the compaction config also has:
      | minIntervalMs | 60000 |
    And the automatic trigger holds at a turn boundary
    And the loop state also has:
      | nowMs              | 100000 |
      | lastCompactionAtMs | 50000  |
    When the loop decides
    Then the loop keeps its context because the guard "min_interval" rejects it

  Scenario: Three turns after the last compaction are enough by default
    Given the automatic trigger holds at a turn boundary
    And the loop state also has:
      | turnsSinceCompaction | 3 |
    When the loop decides
    Then the loop compacts with every guard passed

  @reference
  Scenario Outline: Precedence between guards
    Given the compaction config also has:
      | enabled       | <enabled> |
      | minIntervalMs | 1000      |
    And the automatic trigger holds at a turn boundary
    And the loop state also has:
      | modelAvailable       | <model>      |
      | circuitBreakerOpen   | <breaker>    |
      | compactionInProgress | <inProgress> |
      | requestFingerprint   | "sha256:aa"  |
      | submittedFingerprints | <submitted> |
      | turnsSinceCompaction | 0            |
      | nowMs                | 10           |
      | lastCompactionAtMs   | 0            |
    When the loop decides
    Then the loop keeps its context because the guard "<guard>" <verb> it

    Examples:
      | enabled | model | breaker | inProgress | submitted     | guard                  | verb    |
      | false   | false | true    | true       | ["sha256:aa"] | disabled               | rejects |
      | true    | false | true    | true       | ["sha256:aa"] | no_model               | rejects |
      | true    | true  | true    | true       | ["sha256:aa"] | circuit_breaker_open   | rejects |
      | true    | true  | false   | true       | ["sha256:aa"] | compaction_in_progress | defers  |
      | true    | true  | false   | false      | ["sha256:aa"] | deduplicated           | defers  |
      | true    | true  | false   | false      | []            | insufficient_turns     | rejects |

  Scenario: Guards are not evaluated without a trigger
    Given no trigger holds at a turn boundary
    And the loop state also has:
      | circuitBreakerOpen | true |
    When the loop decides
    Then the loop keeps its context without evaluating the guards
