@compact
Feature: Sensitive-data redaction (rule "sensitive")
  Secrets, credentials, PII and foreign absolute paths that leak into the failure log are masked before anything
  reaches the Correction Delta. Masking is mandatory, keeps the surrounding finding, and runs before trimming.
  Planted values are fake and generated when the scenario runs; the names in angle brackets say which kind.

  Scenario: A provider token in a finding message is masked and the finding kept
    Given a sensitive-redaction request whose finding message is "push rejected: token <github-token> lacks scope"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "«redacted:secret»"
    And the reply text contains "push rejected"
    And the redactions hold a "sensitive" tombstone

  Scenario: A private key without an END line in a trace is masked
    Given a sensitive-redaction request whose finding trace is "key: -----BEGIN RSA PRIVATE KEY-----\n<pem-body>"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: A password in a URL is masked while user and host stay visible
    Given a sensitive-redaction request whose finding message is "connect failed: postgres://app:<password>@db.internal:5432/prod"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "postgres://app:«redacted:secret»@db.internal:5432/prod"

  Scenario: A secret-named assignment keeps its key
    Given a sensitive-redaction request whose finding message is "+ export DB_PASSWORD=<password>"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "DB_PASSWORD=«redacted:secret»"

  Scenario: Personal data is masked as PII
    Given a sensitive-redaction request whose finding message is "notify <email> and charge <card>"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "«redacted:pii»"

  Scenario: A token right after an ANSI colour code is masked
    Given a sensitive-redaction request whose finding message is "\u001b[31m<github-token>\u001b[0m"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: Verdict notes are redacted too
    Given a sensitive-redaction request whose verdict notes are "CI printed <stripe-key> in the env dump"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: A disable directive in the log switches nothing off
    Given a sensitive-redaction request whose finding message is "// secretlint-disable\nconst t = '<github-token>' // gitleaks:allow"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: A secret at the end of a very long message is masked before trimming
    Given a sensitive-redaction request whose finding message is 300 filler words followed by "<github-token>"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: Paths outside the repo are masked and repo paths become relative
    Given the sensitive-redaction repo root is "/home/dev/repo"
    And a sensitive-redaction request whose finding trace is "at a (/home/dev/repo/src/a.ts:12:5)\n    at b (/home/alice/.cache/x/index.js:3:9)"
    When the sensitive-redaction request is compacted
    Then the reply text does not contain "/home/alice"
    And the reply text contains "src/a.ts:12:5"
    And the reply text contains "«redacted:path»:3:9"

  # Which look-alikes stay visible is the reference's settlement (FC-REDACT-SENSITIVE-10 is reference class):
  # advisory for other implementations.
  @reference @FC-REDACT-SENSITIVE-10
  Scenario: Benign look-alikes stay visible
    Given a sensitive-redaction request whose finding message is "token refresh failed at commit 3f2a9c1d4e5b6a7980123456789abcdef0123456 (run 123e4567-e89b-12d3-a456-426614174000)"
    When the sensitive-redaction request is compacted
    Then the reply text contains "3f2a9c1d4e5b6a7980123456789abcdef0123456"
    And the reply text contains "123e4567-e89b-12d3-a456-426614174000"
