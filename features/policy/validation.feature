Feature: Compaction policy validation
  A compaction policy has no defaults and is checked against the loop's counter capability and its
  hustle registry; the first broken rule is reported with its field (spec/policy.md FC-POLICY-VALIDATE-1..14).

  Scenario: The seed's example policy is valid
    Given a valid automatic compaction policy
    When the policy is validated
    Then the policy is accepted as valid

  Scenario: A missing member is an error, not a default
    Given a valid automatic compaction policy
    And the policy member "maxSummaryTokens" is removed
    When the policy is validated
    Then the policy is rejected naming the field "maxSummaryTokens"

  Scenario: Context observation and compaction exclude each other
    Given a valid automatic compaction policy
    And the loop also asks for context observation
    When the policy is validated
    Then the policy is rejected naming the field "contextObservation"

  Scenario Outline: Automatic thresholds, on both sides of each rule
    Given a valid automatic compaction policy
    And the policy members are changed to:
      | compactAt  | <compactAt>  |
      | rearmBelow | <rearmBelow> |
    When the policy is validated
    Then <outcome>

    Examples:
      | compactAt | rearmBelow | outcome                                             |
      | 8500      | 0          | the policy is rejected naming the field "rearmBelow" |
      | 8500      | 1          | the policy is accepted as valid                     |
      | 8500      | 8500       | the policy is rejected naming the field "rearmBelow" |
      | 8500      | 8499       | the policy is accepted as valid                     |
      | 10000     | 6000       | the policy is rejected naming the field "compactAt"  |
      | 9999      | 6000       | the policy is accepted as valid                     |

  Scenario Outline: The counter policy must admit the counter's capability
    Given a valid automatic compaction policy
    And the policy members are changed to:
      | counterPolicy | "<counterPolicy>" |
    And the counter capability is "<capability>"
    When the policy is validated
    Then <outcome>

    Examples:
      | counterPolicy      | capability   | outcome                                                |
      | require-exact      | exact        | the policy is accepted as valid                        |
      | require-exact      | conservative | the policy is rejected naming the field "counterPolicy" |
      | allow-conservative | conservative | the policy is accepted as valid                        |
      | allow-conservative | heuristic    | the policy is rejected naming the field "counterPolicy" |

  Scenario: A manual policy skips the threshold rules
    Given a valid manual compaction policy
    And the policy members are changed to:
      | compactAt     | 10000           |
      | rearmBelow    | 0               |
      | counterPolicy | "require-exact" |
    When the policy is validated
    Then the policy is accepted as valid

  Scenario Outline: Rules that apply with and without automatic
    Given a valid <kind> compaction policy
    And the policy members are changed to:
      | <member> | 0 |
    When the policy is validated
    Then the policy is rejected naming the field "<member>"

    Examples:
      | kind      | member           |
      | automatic | reservedOutput   |
      | manual    | reservedOutput   |
      | automatic | maxSummaryTokens |
      | manual    | countTimeoutMs   |

  Scenario: The hustle must be registered
    Given a valid automatic compaction policy
    And the policy members are changed to:
      | hustle | "context.summarize" |
    When the policy is validated
    Then the policy is rejected naming the field "hustle"

  Scenario Outline: The hustle's output limit must fit the summary budget
    Given a valid automatic compaction policy
    And the registered hustle "context.compact" allows at most <max> output tokens
    When the policy is validated
    Then <outcome>

    Examples:
      | max | outcome                                         |
      | 255 | the policy is rejected naming the field "hustle" |
      | 256 | the policy is accepted as valid                 |

  Scenario Outline: A heuristic counter needs a safety margin
    Given a valid manual compaction policy
    And the counter capability is "heuristic"
    And the policy members are changed to:
      | safetyMargin | <margin> |
    When the policy is validated
    Then <outcome>

    Examples:
      | margin | outcome                                               |
      | 0      | the policy is rejected naming the field "safetyMargin" |
      | 1      | the policy is accepted as valid                       |

  @reference
  Scenario: Only the first broken rule is reported
    Given a valid automatic compaction policy
    And the policy members are changed to:
      | rearmBelow     | 0 |
      | reservedOutput | 0 |
      | countTimeoutMs | 0 |
    When the policy is validated
    Then the policy is rejected naming the field "rearmBelow"
