Feature: Policy and summary protocol messages
  An implementation that announces the policy capability serves policy.validate and policy.decide, one that
  announces summary serves summary.accept; replies have the documented forms, inputs and decisions satisfy
  the published schemas, and anything else is UNSUPPORTED (spec/policy.md FC-POLICY-PROTOCOL-1..3,
  FC-POLICY-DECIDE-1, FC-POLICY-DECIDE-5).

  @policy @FC-POLICY-PROTOCOL-1 @FC-POLICY-PROTOCOL-2
  Scenario: The policy capability serves policy.validate and policy.decide
    Given the implementation announces the capability "policy"
    And a valid automatic compaction policy
    When the policy is validated
    Then the reply's result is exactly {"ok": true}
    Given the automatic trigger holds at a turn boundary
    When the loop decides
    Then the loop compacts with every guard passed

  @summary @FC-POLICY-PROTOCOL-1 @FC-POLICY-PROTOCOL-2
  Scenario: The summary capability serves summary.accept
    Given the implementation announces the capability "summary"
    And a compaction request and a result that matches it
    When the result is submitted for acceptance
    Then the reply's result has exactly the members "accepted, fingerprint, summary"

  @policy @FC-POLICY-PROTOCOL-2
  Scenario: A command the implementation does not serve is UNSUPPORTED
    When the implementation is sent the command "policy.explain"
    Then the reply is the error "UNSUPPORTED"

  @policy @FC-POLICY-PROTOCOL-2
  Scenario: An error reply carries a code, a message and the field
    Given a valid automatic compaction policy
    And the policy member "hustle" is removed
    When the policy is validated
    Then the policy is rejected naming the field "hustle"
    And the error reply has exactly a code, a text message and a field

  @policy @FC-POLICY-PROTOCOL-2 @FC-POLICY-PROTOCOL-3 @FC-POLICY-DECIDE-1
  Scenario: A single decision and a sequence of decisions satisfy decision.v1.json
    Given a valid automatic compaction policy
    And the automatic trigger holds at a turn boundary
    When the loop decides
    Then the decide document satisfies the schema "policy-decide-input"
    And the reply's result satisfies the schema "decision"
    And the decision has exactly the members "action, trigger, triggers, guard, reason, armed, capacityThreshold"
    Given a window of 100000 tokens, compactAt 8500 and rearmBelow 6000 basis points, reserving 500 output tokens
    When the loop observes these counted usages in order:
      | counted |
      | 90000   |
      | 1000    |
    Then the reply's result satisfies the schema "decision"
    And the reply's result has exactly the members "decisions"

  @policy @summary @FC-POLICY-PROTOCOL-3
  Scenario: The validated documents satisfy their published schemas
    Given a valid automatic compaction policy
    Then the policy document satisfies the schema "policy-input"
    Given a compaction request and a result that matches it
    Then the accept document satisfies the schema "summary-accept-input"

  @policy @FC-POLICY-PROTOCOL-3
  Scenario: Cross-member rules are the spec's, not the schema's
    Given a valid automatic compaction policy
    And the policy members are changed to:
      | compactAt  | 6000 |
      | rearmBelow | 8500 |
    Then the policy document satisfies the schema "policy-input"
    When the policy is validated
    Then the policy is rejected naming the field "rearmBelow"

  @policy @FC-POLICY-DECIDE-5
  Scenario Outline: Raising the usage at the same state never turns compact into keep (<trigger>)
    Given a valid automatic compaction policy
    And the compaction config also has:
      | window     | 100000 |
      | waterLevel | 9000   |
    And the loop stands at a <boundary> boundary with <counted> counted and <reported> reported tokens
    When the loop decides
    Then the loop compacts because of the "<trigger>" trigger
    And raising the counted or reported usage at that state never turns the decision into keep

    Examples:
      | trigger    | boundary          | counted | reported |
      | automatic  | turn              | 84488   | none     |
      | capacity   | persisted stage   | 0       | 90000    |
      | automatic  | persisted round 1 | 84488   | 1000     |
      | round      | persisted round 2 | 0       | none     |
