Feature: The classic rules
  Mastermind is a family of games, and the classic game is the one the kata's
  specification plays: codes of 4 pegs from 6 colours, which may repeat, 12 attempts,
  and every guess answered with black and white key pegs. Every way in names the rules
  a game is played by, and says each answer in their words.

  Scenario: The kata's board is the classic game
    Given a decoding board of 12 attempts
    And the code maker has placed a secret on the board
    When I join the game
    Then the game should be played by the "classic" rules

  Scenario: A classic game, asked for by name
    Given a game by the "classic" rules
    And the code maker has placed a secret on the board
    When I join the game
    Then the game should be played by the "classic" rules
    And the game should be started with an empty board
    And I should have 12 attempts available
    And a code should have 4 pegs

  Scenario Outline: Black and white key pegs, said in words
    Given a game by the "classic" rules
    And the code maker placed the "Red Green Blue Yellow" secret on the board
    When I try to break the code with "<Guess>"
    Then the code maker should give me "<Feedback>" feedback on my guess
    And the code maker should say "<Said>"
    Examples:
      | Guess                       | Feedback | Said              |
      | Red Purple Purple Purple    | B        | 1 black, 0 white  |
      | Purple Purple Purple Purple |          | 0 black, 0 white  |
      | Red Purple Green Purple     | B W      | 1 black, 1 white  |
      | Yellow Blue Green Red       | W W W W  | 0 black, 4 white  |
      | Red Red Red Purple          | B        | 1 black, 0 white  |
      | Red Green Blue Yellow       | B B B B  | 4 black, 0 white  |
