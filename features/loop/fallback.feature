# FC-LOOP-6, FC-LOOP-7, FC-LOOP-8, FC-FALLBACK-1: a failing compactor never blanks the Delta and never halts the loop.
Feature: Fallback when the compactor fails

  Background:
    Given the Verifier reports the same failing finding every round
    And the Worker's edits per attempt are "e1, e2, e3"

  @FC-LOOP-7 @FC-LOOP-8 @FC-LOOP-10
  Scenario Outline: A compactor that <fails> on the first round yields the minimal Delta
    Given a compactor that <fails>
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "<reason>"
    And the fallback decision of round 1 carries the Delta the next Worker got
    And the second Worker's Delta has attempt 2, last verdict "fail" and the re-verify constraint
    And the loop ends "exhausted" after 2 attempts
    And the audit decisions of round 2 are "fallback, stop"

    Examples:
      | fails                         | reason            |
      | crashes                       | crash             |
      | never answers                 | timeout           |
      | returns error ID_COLLISION    | compactor-error   |
      | returns error SECRET_LEAK     | compactor-error   |

  @FC-LOOP-6 @FC-LOOP-7 @FC-LOOP-8
  Scenario Outline: A log refused before splice is a compactor failure: <fails>
    Given a compactor that <fails>
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "<reason>"
    And the second Worker's Delta has attempt 2, last verdict "fail" and the re-verify constraint

    Examples:
      | fails                         | reason              |
      | returns an invalid log        | invalid-log         |
      | returns a schemaVersion 2.0.0 | unsupported-version |
      | returns a schemaVersion 1.0   | unsupported-version |
      | returns no schemaVersion      | invalid-log         |

  @FC-LOOP-7
  Scenario: A foreign error code that is not a code is recorded as UNRECOGNISED, and its text never
    Given a compactor that returns an error code that is free text
    And the loop may run 1 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "compactor-error"
    And the fallback decision of round 1 records the code "UNRECOGNISED"
    And no audit record contains "FOREIGN-SECRET-TEXT"

  @FC-LOOP-8
  Scenario: After a good round, a failing compactor falls back to the previous Delta unchanged
    Given a compactor that works once and then crashes
    And the loop may run 3 attempts
    When the loop runs
    Then round 2 used a fallback Delta because of "crash"
    And the third Worker's Delta equals the second Worker's Delta

  @FC-LOOP-1 @FC-LOOP-6 @FC-LOOP-9
  Scenario: A log made for another state is re-compacted once, then refused
    Given a compactor that reports a stale canonical state
    And the loop may run 1 attempts
    When the loop runs
    Then round 1 used a fallback Delta because of "stale-window"
    And the compactor was called with the rounds so far: "1, 1"
    And the audit decisions of round 1 are "recompact, fallback, stop"

  @FC-LOOP-6
  Scenario: A heuristic confidence method is spliced with a warning
    Given a compactor that answers with a heuristic confidence method
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 used the compactor's Delta
    And the splice decision of round 1 carries the warning "heuristic"
