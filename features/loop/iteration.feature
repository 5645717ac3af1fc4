# FC-LOOP-1..3, FC-LOOP-5, FC-LOOP-9, FC-LOOP-10: one iteration of the loop, the Verifier's verdict, carried
# findings, the Audit Log and how the loop ends.
Feature: The retry loop's iteration, audit trail and outcome

  Background:
    Given the Verifier reports the same failing finding every round

  @FC-LOOP-1 @FC-LOOP-10
  Scenario: The loop compacts once per failed round and stops at the first pass
    Given the Verifier passes from attempt 3
    And the Worker's edits per attempt are "e1, e2, e3"
    When the loop runs
    Then the loop ends "pass" after 3 attempts
    And the compactor was called with the rounds so far: "1, 2"
    And the Verifier was dispatched 3 times
    And the audit decisions of round 1 are "splice"
    And the audit decisions of round 3 are "pass"
    And the second Worker's Delta is round 1's Delta
    And the third Worker's Delta is round 2's Delta

  @FC-LOOP-10
  Scenario: The loop reports each round
    Given the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then the loop ends "exhausted" after 2 attempts
    And the audit decisions of round 2 are "splice, stop"
    And the report of round 1 reads state "s1", verdict "fail", 1 finding, 0 carried, Delta from the compactor
    And the report of round 2 reads state "s2", verdict "fail", 1 finding, 0 carried, Delta from the compactor

  @FC-LOOP-2 @FC-LOOP-9 @compact
  Scenario: Any implementation reachable through the conformance interface can be the compactor
    Given the compactor is the implementation under test, reached through the conformance interface
    And the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 used the compactor's Delta
    And round 2 used the compactor's Delta
    And the second Worker's Delta is round 1's Delta
    And the audit log has a compaction record "c1" derived from the log
    And the audit log has a compaction record "c2" derived from the log

  @FC-LOOP-3 @reference
  Scenario Outline: An unusable verdict (<kind>) is re-dispatched before anything is recorded
    Given the Verifier's first answer in every attempt is <kind>
    And the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then the Verifier was dispatched 4 times
    And the audit decisions of round 1 are "reverify, splice"
    And the compactor was called with the rounds so far: "1, 2"
    And the report of round 1 reads state "s1", verdict "fail", 1 finding, 0 carried, Delta from the compactor

    Examples:
      | kind                         |
      | an unknown status            |
      | findings that are not a list |
      | a finding without a message  |
      | no verdict at all            |
      | an exception                 |

  @FC-LOOP-3 @FC-LOOP-10 @reference
  Scenario: A Verifier that never gives a usable verdict stops the loop before the compactor sees it
    Given the Verifier always answers with a finding without a message
    When the loop runs
    Then the loop ends "verifier-failed" after 1 attempts
    And the Verifier was dispatched 2 times
    And the compactor was never called
    And the audit decisions of round 1 are "reverify, stop"
    And the audit log holds the records "d1.1, d1.2"

  @FC-LOOP-5 @reference
  Scenario: A finding the Verifier stops reporting is carried into the round as resolved
    Given the Verifier reports per attempt:
      | attempt | status | rules          |
      | 1       | fail   | TS2304, TS2322 |
      | 2       | fail   | TS2322         |
    And the Worker's edits per attempt are "e1, e2, e3"
    And the loop may run 2 attempts
    When the loop runs
    Then round 1 carried 0 resolved findings
    And round 2 carried 1 resolved finding
    And the audit record "r2.verdict" lists "TS2304" as resolved in round 2
    And the Delta of round 1 has open root causes "TS2304, TS2322"
    And the Delta of round 2 has open root causes "TS2322"

  @FC-LOOP-5 @reference
  Scenario: A blocked verdict carries nothing resolved
    Given the Verifier reports per attempt:
      | attempt | status  | rules          |
      | 1       | fail    | TS2304, TS2322 |
      | 2       | blocked | TS2322         |
    And the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then round 2 carried 0 resolved findings

  @FC-LOOP-9
  Scenario: Each round, compaction and decision is recorded once, round records first
    Given the Worker's edits per attempt are "e1, e2"
    And the loop may run 2 attempts
    When the loop runs
    Then the audit record ids of round 1 start with "r1.verdict, r1.transcript"
    And the audit log holds the records "r1.verdict, r1.transcript, c1, d1.1, r2.verdict, r2.transcript, c2, d2.1, d2.2"
    And the splice decision of round 1 carries the Delta the next Worker got
    And every audit record id is written once

  @FC-LOOP-9
  Scenario: A secret in the Worker's trace is masked in the Audit Log, which keeps a keyed digest instead
    Given the Worker's trace says "deploying with key AKIAIOSFODNN7EXAMPLE now"
    And the Audit Log is a file
    And the Worker's edits per attempt are "e1"
    And the loop may run 1 attempts
    When the loop runs
    Then the transcript of round 1 is masked and carries a keyed digest
    And no audit record contains "AKIAIOSFODNN7EXAMPLE"

  @FC-LOOP-9 @FC-LOOP-10
  Scenario: A failed audit write stops the loop
    Given the audit sink fails after 3 records
    And the Worker's edits per attempt are "e1, e2"
    When the loop runs
    Then the loop ends "audit-failed" after 1 attempts
