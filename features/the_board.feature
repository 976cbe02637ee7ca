Feature: The decoding board
  The board shows every guess with its key pegs, and the attempts left.
  The shield hides the secret until the game is over.

  Background:
    Given a decoding board of 12 attempts
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario: The secret stays hidden while the game is in play
    When I try to break the code with "Red Yellow Blue Green"
    Then the secret should be hidden
    And the board should show the guess "Red Yellow Blue Green" with "B B W W"
    And I should have 11 attempts available

  Scenario: Winning reveals the secret
    When I try to break the code with "Red Yellow Blue Green"
    And I try to break the code with "Red Green Blue Yellow"
    Then I should win the game
    And the secret should be revealed as "Red Green Blue Yellow"
    And the board should show 2 guesses
    And I should have 10 attempts available

  Scenario: Losing reveals the secret
    When I try to break the code with an invalid pattern 12 times
    Then the secret should be revealed as "Red Green Blue Yellow"
    And I should have 0 attempts available
