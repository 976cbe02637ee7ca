Feature: Giving up
  A code breaker may surrender at any time. The game is lost and the secret revealed.

  Background:
    Given a decoding board of 12 attempts
    And the code maker placed the "Red Green Blue Yellow" secret on the board
    And I have joined the game

  Scenario: Giving up before any guess
    When I give up
    Then I should lose the game
    And the secret should be revealed as "Red Green Blue Yellow"
    And I should no longer be able to make guesses

  Scenario: Giving up after some guesses keeps them on the board
    When I try to break the code with an invalid pattern 3 times
    And I give up
    Then I should lose the game
    And the board should show 3 guesses
    And I should have 9 attempts available

  Scenario: No giving up once the game is won
    When I try to break the code with "Red Green Blue Yellow"
    And I give up
    Then giving up should be rejected because the game is already won
    And I should win the game

  Scenario: No giving up twice
    When I give up
    And I give up
    Then giving up should be rejected because the game is already lost
