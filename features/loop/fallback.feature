# FC-LOOP-7, FC-LOOP-8, FC-FALLBACK-1: a failing compactor never blanks the Delta and never halts the loop.
Feature: Fallback when the compactor fails

  Background:
    Given the Verifier reports the same failing finding every round
    And the Worker's edits per attempt are "e1, e2, e3"

  Scenario Outline: A compactor that <fails> on the first round yields the minimal Delta
    Given a compactor that <fails>
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "<reason>"
    And the second Worker's Delta has attempt 2, last verdict "fail" and the re-verify constraint
    And the loop ends "exhausted" after 2 attempts

    Examples:
      | fails                         | reason            |
      | crashes                       | crash             |
      | never answers                 | timeout           |
      | returns an invalid log        | invalid-log       |
      | returns a schemaVersion 2.0.0 | unsupported-version |
      | returns error ID_COLLISION    | compactor-error   |

  Scenario: After a good round, a failing compactor falls back to the previous Delta unchanged
    Given a compactor that works once and then crashes
    And the loop may run 3 attempts
    When the loop runs
    Then round 2 used a fallback Delta because of "crash"
    And the third Worker's Delta equals the second Worker's Delta

  Scenario: A log made for another state is re-compacted once, then refused
    Given a compactor that reports a stale canonical state
    And the loop may run 1 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "stale-window"
    And the audit decisions of round 1 are "recompact, fallback, stop"
