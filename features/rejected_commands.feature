Feature: Commands the rules refuse
  A refused command changes nothing: no key pegs, no attempt used,
  and the code breaker is told why in plain words.

  Background:
    Given a decoding board of 12 attempts
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario: A guess with too few pegs
    When I try to break the code with "Red Green Blue"
    Then my guess should be rejected because it is too short
    And the message should say "the code has 4 pegs"
    And I should have 12 attempts available

  Scenario: A guess with too many pegs
    When I try to break the code with "Red Green Blue Yellow Red"
    Then my guess should be rejected because it is too long
    And the message should say "the code has only 4 pegs"
    And I should have 12 attempts available

  Scenario: A guess with a colour the game does not have
    When I try to break the code with "Red Green Pink Yellow"
    Then my guess should be rejected because it uses a colour the game lacks
    And the message should say "This game has no colour 'Pink'"
    And the message should say "Red, Green, Blue, Yellow, Purple, Orange"
    And I should have 12 attempts available

  Scenario: Length is checked before colours
    When I try to break the code with "Pink Pink"
    Then my guess should be rejected because it is too short

  Scenario: A rejected guess does not count toward losing
    When I try to break the code with an invalid pattern 11 times
    And I try to break the code with "Red Green"
    Then my guess should be rejected because it is too short
    And I should have 1 attempt available
    When I break the code in the final guess
    Then I should win the game

  Scenario: No guess after winning
    When I try to break the code with "Red Green Blue Yellow"
    And I try to break the code with "Red Green Blue Yellow"
    Then my guess should be rejected because the game is already won
    And the board should show 1 guess

  Scenario: No guess after losing
    When I try to break the code with an invalid pattern 12 times
    And I try to break the code with "Red Green Blue Yellow"
    Then my guess should be rejected because the game is already lost
    And the board should show 12 guesses

  @decider
  Scenario: No guess before the game starts
    When I try to break the code with "Red Green Blue Yellow" before joining
    Then my guess should be rejected because the game has not started

  @decider
  Scenario: No joining a game twice
    Given I have joined the game
    When I join the game
    Then joining should be rejected because the game has already started
