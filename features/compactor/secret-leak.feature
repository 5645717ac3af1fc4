@compact
Feature: No secret reaches the Delta, the log or an error
  Every string copied from the request passes through the redactor before it is trimmed; an independent scan of
  the rendered Delta and the log blocks anything that slipped through with SECRET_LEAK, naming only the detector
  (FC-REDACT-MANDATORY-1, FC-SCAN-1, FC-ERR-3, FC-REDACT-UNTOUCHED-1).

  Background:
    Given a compaction request against the canonical state "tree-1"

  Scenario: A token in a message is masked and the mask is recorded
    Given the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message                                                   |
      | s1 | test:failed | auth failed for ghp_R8x2Lq9ZkT4mW7vN1cY6hJ3pF0sD5gB2aE8u |
    When the implementation compacts the request
    Then the reply does not contain "ghp_R8x2Lq9ZkT4mW7vN1cY6hJ3pF0sD5gB2aE8u"
    And the log records a "sensitive" tombstone for "s1"

  Scenario: Secrets in traces and notes are masked too
    Given the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message          | trace                                 |
      | s1 | test:failed | request rejected | at client (key AKIAZ7Q2M4N6P8R1T3V5)  |
    And the verifier's notes on round 1 are "the CI env prints ghp_Q4w8E2r6T0y3U7i1O5p9A2s6D0f4G8h2J6k0"
    When the implementation compacts the request
    Then the reply does not contain "AKIAZ7Q2M4N6P8R1T3V5"
    And the reply does not contain "ghp_Q4w8E2r6T0y3U7i1O5p9A2s6D0f4G8h2J6k0"

  @reference
  Scenario: A secret in the verbatim state ref blocks the log
    Given the canonical state is now "deploy-ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule | message  |
      | a1 | lint | x unused |
    When the implementation compacts the request
    Then the compaction fails with "SECRET_LEAK"
    And no log and no Delta are returned
    And the reply does not contain "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
