@compact
Feature: The rendered Delta never exceeds the token budget
  The Delta is counted in o200k_base tokens over its canonical rendering, and that count — reported as
  renderedTokens — never exceeds budgetTokens. Constraints give way first, then causes are packed greedily
  (FC-STAGE5-2, FC-STAGE5-3, FC-RENDER-2, FC-REQ-12).

  Background:
    Given a compaction request against the canonical state "tree-1"
    And the verifier's verdict on round 1 is "fail" with these findings:
      | id | rule        | message                                                                                                   | status   |
      | c1 | test:failed | parser rejects nested arrays when the schema declares tuple items without additional entries index 1    |          |
      | c2 | test:failed | fixture loader returns a stale cache after a locale switch during the retry of the second attempt 2    |          |
      | c3 | test:failed | the config loader ignores the environment override when the cache is warm and the locale is set 3      |          |
      | c4 | test:failed | expected the cart total to include tax after adding two items with a discount code applied 4           |          |
      | r1 | lint:style  | prefer const                                                                                              | resolved |
      | r2 | lint:style  | no unused variables                                                                                       | resolved |

  Scenario Outline: The Delta fits budgets from the smallest up
    Given the budget is <budget> tokens
    When the implementation compacts the request
    Then the rendered Delta counts at most <budget> tokens of o200k_base
    And every root cause is rendered, counted as omitted, or resolved, exactly once

    Examples:
      | budget |
      | 128    |
      | 160    |
      | 256    |
      | 512    |

  Scenario: The default budget is 512 tokens
    When the implementation compacts the request
    Then the rendered Delta counts at most 512 tokens of o200k_base
    And the Delta has no omitted marker

  Scenario: A budget above one million tokens is refused
    Given the budget is 1000001 tokens
    When the implementation compacts the request
    Then the compaction fails with "INVALID_REQUEST"
