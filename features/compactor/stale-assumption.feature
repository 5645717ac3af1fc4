@compact
Feature: Earlier verdict notes yield to the latest verdict (stale assumption)
  The latest verdict's notes are authoritative: earlier notes they contradict never reach the Delta and leave no
  constraint (FC-REDACT-ASSUMPTION-1). In the reference (@reference) notes become a verifier:notes finding and,
  since contradiction cannot be checked mechanically, every earlier round's notes are superseded by the latest
  verdict — even when it has no notes — with a stale-assumption tombstone (FC-STAGE1-2, FC-REDACT-ASSUMPTION-2).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with no findings
    And the verifier's notes on round 1 are "I suspect the cache key ignores the locale."

  Scenario: The latest notes replace the earlier ones
    Given the verifier's verdict on round 2 is "fail" with no findings
    And the verifier's notes on round 2 are "The locale is fine; the rounding mode is wrong."
    When the implementation compacts the request
    Then the Delta does not contain "cache key"
    And the Delta has no constraints

  @reference
  Scenario: The replaced notes leave a stale-assumption tombstone
    Given the verifier's verdict on round 2 is "fail" with no findings
    And the verifier's notes on round 2 are "The locale is fine; the rounding mode is wrong."
    When the implementation compacts the request
    Then the log records a "stale-assumption" tombstone for the notes of round 1

  @reference
  Scenario: A verdict without notes still replaces earlier notes
    Given the verifier's verdict on round 2 is "fail" with these findings:
      | id | rule       | message              |
      | a1 | lint:style | prefer const over let |
    When the implementation compacts the request
    Then the Delta's open root causes are "a1"
    And the log records a "stale-assumption" tombstone for the notes of round 1
    And the Delta has no constraints

  @reference
  Scenario: Notes repeated in the last round stay
    Given the verifier's verdict on round 2 is "fail" with no findings
    And the verifier's notes on round 2 are "I suspect the cache key ignores the locale."
    When the implementation compacts the request
    Then the log has 1 root cause
    And the Delta has no constraints
