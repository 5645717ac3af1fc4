# FC-SPLICE-1..5, FC-LOOP-4: what the Worker's prompt holds, in which order, and what it never holds.
Feature: Splicing the Correction Delta into the Worker prompt

  Scenario: Task spec, then one Delta, then the plan
    Given the Verifier reports the same failing finding every round
    And the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then the first Worker's prompt has no Delta
    And the second Worker's prompt holds the task spec, one Delta and the plan, in that order
    And no Worker's prompt contains the envelope or a worker trace

  Scenario: A finding message cannot smuggle a second Delta into the prompt
    Given the Verifier reports a finding whose message closes and reopens a Delta block
    And the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then the second Worker's prompt holds exactly one Delta block
