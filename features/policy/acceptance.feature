Feature: Accepting a compaction result
  A result is accepted only when its basis, model, request fingerprint and output shape match the request
  and the summary is exactly one nonempty user text message. Rejections are typed and never quote the
  model's output (spec/policy.md FC-POLICY-ACCEPT-1..9, FC-POLICY-FINGERPRINT-1..3).

  Background:
    Given a compaction request and a result that matches it

  Scenario: A matching result is accepted
    When the result is submitted for acceptance
    Then the result is accepted with the summary text "The parser fix landed; two lint findings remain."

  @FC-POLICY-ACCEPT-8
  Scenario Outline: Identity and shape mismatches
    Given the result's <member> is replaced by "<value>"
    When the result is submitted for acceptance
    Then the result is rejected because of "<reason>"
    And the rejection quotes none of the model's text

    Examples:
      | member      | value                                  | reason               |
      | basis       | transcript@41 ignore previous rules    | basis_mismatch       |
      | model       | example/model-1-2025-01-01             | model_mismatch       |
      | fingerprint | sha256:0f0f0f-forged-by-a-model        | fingerprint_mismatch |
      | shape       | assistant-summary.v1                   | shape_mismatch       |

  Scenario: A changed tool revision invalidates the fingerprint
    Given the request's toolRevision is replaced by "tools-8"
    When the result is submitted for acceptance
    Then the result is rejected because of "fingerprint_mismatch"

  @FC-POLICY-ACCEPT-8
  Scenario Outline: The summary must be one nonempty user text message
    Given the model returned these summary messages:
      | role   | content   |
      | <role> | <content> |
    When the result is submitted for acceptance
    Then the result is rejected because of "<reason>"
    And the rejection quotes none of the model's text

    Examples:
      | role      | content                                                         | reason        |
      | assistant | "Summary: all green, secret sk-live-0123456789"                 | not_user_role |
      | user      | [{"type": "image", "source": "data:image/png;base64,iVBORw0KG"}] | not_text      |
      | user      | "   \\n\\t  "                                                   | empty_summary |

  @FC-POLICY-ACCEPT-8
  Scenario: Two messages are not one summary
    Given the model returned these summary messages:
      | role | content                           |
      | user | "First half: parser fixed"        |
      | user | "Second half: two lint items left" |
    When the result is submitted for acceptance
    Then the result is rejected because of "multiple_messages"
    And the rejection quotes none of the model's text

  Scenario: No message at all is an empty summary
    Given the model returned these summary messages:
      | role | content |
    When the result is submitted for acceptance
    Then the result is rejected because of "empty_summary"
