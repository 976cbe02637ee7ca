Feature: Blank holes
  The "blanks" rules are the classic game in which a hole may stay blank: the blank
  peg, Empty, is a seventh colour, in the secret and in a guess alike, and it is scored
  like any other. Its initial is E, which no classic colour shares.

  Background:
    Given a game by the "blanks" rules
    And the code maker placed the "Red Empty Blue Empty" secret on the board

  Scenario: Seven pegs to choose from
    When I join the game
    Then the game should be played by the "blanks" rules
    And a code should have 4 pegs

  Scenario Outline: A blank is scored like a colour
    When I try to break the code with "<Guess>"
    Then the code maker should give me "<Feedback>" feedback on my guess
    And the code maker should say "<Said>"
    Examples:
      | Guess                   | Feedback | Said             |
      | Empty Red Blue Yellow   | B W W    | 1 black, 2 white |
      | Empty Empty Empty Empty | B B      | 2 black, 0 white |
      | Red Green Blue Yellow   | B B      | 2 black, 0 white |

  Scenario: A blank typed by its initial
    When I try to break the code with "RGEY"
    Then the board should show the guess "Red Green Empty Yellow" with "B W"

  Scenario: Blanks in their holes break the code
    When I try to break the code with "Red Empty Blue Empty"
    Then I should win the game
    And the secret should be revealed as "Red Empty Blue Empty"

  Scenario: A game without blanks refuses one in a guess
    Given a game by the "classic" rules
    And the code maker placed the "Red Green Blue Yellow" secret on the board
    When I try to break the code with "Red Green Empty Yellow"
    Then my guess should be rejected because it leaves a hole blank
    And the board should show 0 guesses
