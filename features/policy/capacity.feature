Feature: Capacity threshold
  At a clean stage boundary the capacity trigger compares provider-reported usage with
  min(window × waterLevel, maxContextTokens); the cap defaults to 100,000 tokens and 0 removes it
  (spec/policy.md FC-POLICY-CAPACITY-1..4).

  Background:
    Given a valid automatic compaction policy

  Scenario Outline: The lower of water level and cap binds
    Given a capacity config with a window of <window> tokens and a water level of <level> basis points
    And the compaction config also has:
      | maxContextTokens | <cap> |
    When the loop reaches a persisted stage boundary with <reported> reported tokens
    Then the capacity threshold is <threshold> and the action is "<action>"

    Examples:
      | window  | level | cap    | reported | threshold | action  |
      | 1000000 | 8000  | 100000 | 100000   | 100000    | compact |
      | 1000000 | 8000  | 100000 | 99999    | 100000    | keep    |
      | 200000  | 8000  | 0      | 160000   | 160000    | compact |
      | 200000  | 8000  | 0      | 159999   | 160000    | keep    |
      | 100000  | 8000  | 100000 | 80000    | 80000     | compact |
      | 99999   | 8000  | 0      | 79999    | 80000     | keep    |
