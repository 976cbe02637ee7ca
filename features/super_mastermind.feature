Feature: Super Mastermind
  The "super" rules play codes of 5 pegs from 8 colours: the classic six, Cyan and
  White. Colours may repeat, and each guess is answered with black and white key pegs,
  within 12 attempts.

  Background:
    Given a game by the "super" rules
    And the code maker placed the "Cyan White Red Red Green" secret on the board

  Scenario: A game of five pegs from eight colours
    When I join the game
    Then the game should be played by the "super" rules
    And a code should have 5 pegs
    And I should have 12 attempts available

  Scenario Outline: Key pegs for five holes
    When I try to break the code with "<Guess>"
    Then the code maker should give me "<Feedback>" feedback on my guess
    And the code maker should say "<Said>"
    Examples:
      | Guess                          | Feedback  | Said             |
      | White Cyan Red Green Red       | B W W W W | 1 black, 4 white |
      | Red Red Red Red Red            | B B       | 2 black, 0 white |
      | Blue Yellow Purple Orange Blue |           | 0 black, 0 white |

  Scenario: The two new colours are typed by their initials
    When I try to break the code with "CWRRG"
    Then the board should show the guess "Cyan White Red Red Green" with "B B B B B"
    And the code maker should say "5 black, 0 white"
    And I should win the game

  Scenario: A guess of four pegs is too short
    When I try to break the code with "Cyan White Red Red"
    Then my guess should be rejected because it is too short
    And I should have 12 attempts available
