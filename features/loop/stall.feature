# FC-STALLDET-1..6: the orchestrator escalates on identical Deltas only when the tree did not change either.
Feature: Stall detection in the retry loop

  Background:
    Given the Verifier reports the same failing finding every round

  Scenario: Identical Deltas on an unchanged tree escalate at the second one
    Given the Worker's edits per attempt are "e1, none, none"
    When the loop runs
    Then the loop ends "stalled" after 2 attempts
    And the stall check per round reads "first-delta, identical-delta-same-state"

  Scenario: Identical Deltas while the tree keeps changing are not a stall
    Given the Worker's edits per attempt are "e1, e2, e3, e4"
    And the loop may run 4 attempts
    When the loop runs
    Then the loop ends "exhausted" after 4 attempts
    And no escalation happened
    And the stall check per round reads "first-delta, state-changed, state-changed, state-changed"

  Scenario: A warning-level stall gets one more round
    Given the finding is a warning
    And the Worker's edits per attempt are "e1, none, none, none"
    When the loop runs
    Then the loop ends "stalled" after 3 attempts

  Scenario: After an escalation answered "continue" a further stall needs a new run
    Given the Worker's edits per attempt are "e1, none, none, none"
    And escalations are answered "continue"
    And the loop may run 4 attempts
    When the loop runs
    Then escalations happened at rounds "2, 3, 4"
