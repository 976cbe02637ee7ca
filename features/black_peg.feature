Feature: Black-peg Mastermind
  The "black-peg" rules are the classic game answered with black key pegs alone: the
  code maker tells how many colours are in their place, and nothing of the others. No
  answer ever counts a white peg.

  Background:
    Given a game by the "black-peg" rules
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario: A classic board, answered in black alone
    When I join the game
    Then the game should be played by the "black-peg" rules
    And a code should have 4 pegs
    And I should have 12 attempts available

  Scenario Outline: Only black counts
    When I try to break the code with "<Guess>"
    Then the code maker should give me "<Feedback>" feedback on my guess
    And the code maker should say "<Said>"
    And no answer on the board should count white pegs
    Examples:
      | Guess                 | Feedback | Said    |
      | Yellow Blue Green Red |          | 0 black |
      | Red Yellow Blue Green | B B      | 2 black |
      | Red Green Blue Purple | B B B    | 3 black |

  Scenario: No white in a whole game
    When I try to break the code with "Green Red Yellow Blue"
    And I try to break the code with "Red Green Yellow Blue"
    And I try to break the code with "Red Green Blue Yellow"
    Then I should win the game
    And the board should show 3 guesses
    And the code maker should say "4 black"
    And no answer on the board should count white pegs
