# FC-STALLDET-1..6: the orchestrator escalates on identical Deltas only when the tree did not change either.
Feature: Stall detection in the retry loop

  Background:
    Given the Verifier reports the same failing finding every round

  @FC-STALLDET-1 @FC-STALLDET-2 @FC-STALLDET-4 @reference
  Scenario: Identical Deltas on an unchanged tree escalate at the second one
    Given the Worker's edits per attempt are "e1, none, none"
    When the loop runs
    Then the loop ends "stalled" after 2 attempts
    And the stall check per round reads "first-delta, identical-delta-same-state"

  @FC-STALLDET-2
  Scenario: Identical Deltas while the tree keeps changing are not a stall
    Given the Worker's edits per attempt are "e1, e2, e3, e4"
    And the loop may run 4 attempts
    When the loop runs
    Then the loop ends "exhausted" after 4 attempts
    And no escalation happened
    And the stall check per round reads "first-delta, state-changed, state-changed, state-changed"

  @FC-STALLDET-2
  Scenario: A changed Delta on an unchanged tree restarts the run
    Given the Verifier reports per attempt:
      | attempt | status | rules          |
      | 1       | fail   | TS2304, TS2322 |
      | 2       | fail   | TS2322         |
    And the Worker's edits per attempt are "e1, none, none"
    When the loop runs
    Then the loop ends "stalled" after 3 attempts
    And the stall check per round reads "first-delta, delta-changed, identical-delta-same-state"

  @FC-STALLDET-1
  Scenario Outline: The compactor's stallCandidate hint is not relied on (it <claims>)
    Given a compactor that <claims>
    And the Worker's edits per attempt are "<edits>"
    And the loop may run 3 attempts
    When the loop runs
    Then the loop ends "<status>" after <attempts> attempts

    Examples:
      | claims                         | edits          | status    | attempts |
      | never claims a stall candidate | e1, none, none | stalled   | 2        |
      | always claims a stall candidate | e1, e2, e3    | exhausted | 3        |

  @FC-STALLDET-3 @reference
  Scenario: A fallback Delta resets the detector
    Given a compactor that crashes on the second round only
    And the Worker's edits per attempt are "e1, none, none, none"
    When the loop runs
    Then round 2 used a fallback Delta because of "crash"
    And the stall check per round reads "first-delta, fallback-resets, first-delta, identical-delta-same-state"
    And the loop ends "stalled" after 4 attempts

  @FC-STALLDET-4 @reference
  Scenario: A warning-level stall gets one more round
    Given the finding is a warning
    And the Worker's edits per attempt are "e1, none, none, none"
    When the loop runs
    Then the loop ends "stalled" after 3 attempts

  @FC-STALLDET-4 @reference
  Scenario Outline: STALL_ROUNDS <rounds> stalls <severity> finding after <attempts> attempts
    Given the finding is <severity>
    And the stall threshold is <rounds> rounds
    And the Worker's edits per attempt are "e1"
    When the loop runs
    Then the loop ends "stalled" after <attempts> attempts

    Examples:
      | severity  | rounds | attempts |
      | an error  | 1      | 2        |
      | an error  | 3      | 3        |
      | a warning | 3      | 4        |
      | an info   | 2      | 3        |

  @FC-STALLDET-5
  Scenario: An escalation on a blocked Verifier is strong and records severity, run and threshold
    Given the Verifier reports per attempt:
      | attempt | status  | rules  |
      | 1       | blocked | TS2304 |
    And the Worker's edits per attempt are "e1"
    When the loop runs
    Then the loop ends "stalled" after 2 attempts
    And escalation 1 recorded severity "blocked", run 2, threshold 2 and strong true

  @FC-STALLDET-5
  Scenario: An error-level escalation is not strong
    Given the Worker's edits per attempt are "e1"
    When the loop runs
    Then escalation 1 recorded severity "error", run 2, threshold 2 and strong false

  @FC-STALLDET-5 @FC-STALLDET-6
  Scenario: An escalation answered "continue" may raise the token budget
    Given the Worker's edits per attempt are "e1"
    And escalations are answered "continue" with a budget of 2048 tokens
    And the loop may run 3 attempts
    When the loop runs
    Then escalations happened at rounds "2, 3"
    And the compactor was asked for a budget of "512, 512, 2048" tokens in turn

  @FC-STALLDET-6
  Scenario: After an escalation answered "continue" a further stall needs a new run
    Given the Worker's edits per attempt are "e1, none, none, none"
    And escalations are answered "continue"
    And the loop may run 4 attempts
    When the loop runs
    Then escalations happened at rounds "2, 3, 4"

  @FC-STALLDET-6
  Scenario: At a warning's threshold of 3, each further stall after "continue" takes 2 more identical Deltas
    Given the finding is a warning
    And the Worker's edits per attempt are "e1"
    And escalations are answered "continue"
    And the loop may run 7 attempts
    When the loop runs
    Then escalations happened at rounds "3, 5, 7"
