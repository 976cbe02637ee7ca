Feature: Bulls and Cows
  The "bulls-and-cows" rules play the pencil-and-paper game Mastermind came from: a
  secret of 4 different digits from 0 to 9, and every guess 4 different digits too.
  A digit in its place is a bull; a digit of the secret in another place is a cow.

  Background:
    Given a game by the "bulls-and-cows" rules
    And the code maker placed the "4 2 7 1" secret on the board

  Scenario: A game of four different digits
    When I join the game
    Then the game should be played by the "bulls-and-cows" rules
    And a code should have 4 pegs
    And I should have 12 attempts available

  Scenario Outline: Bulls and cows, said in words
    When I try to break the code with "<Guess>"
    Then the code maker should say "<Said>"
    Examples:
      | Guess | Said           |
      | 1234  | 1 bull, 2 cows |
      | 5680  | 0 bulls, 0 cows |
      | 1724  | 0 bulls, 4 cows |
      | 4217  | 2 bulls, 2 cows |
      | 4568  | 1 bull, 0 cows |
      | 9408  | 0 bulls, 1 cow  |

  Scenario Outline: Digits typed in different ways
    When I try to break the code with "<Typed>"
    Then the board should show the guess "1 2 3 4"
    And the code maker should say "1 bull, 2 cows"
    Examples:
      | Typed   |
      | 1234    |
      | 1 2 3 4 |
      | 1,2,3,4 |

  Scenario: Four bulls break the code
    When I try to break the code with "4271"
    Then the code maker should say "4 bulls, 0 cows"
    And I should win the game
    And the secret should be revealed as "4 2 7 1"

  Scenario: A guess that repeats a digit is refused
    When I try to break the code with "1123"
    Then my guess should be rejected because it repeats a digit
    And the message should say "repeats 1"
    And the board should show 0 guesses
    And I should have 12 attempts available

  Scenario: A secret that repeats a digit cannot be played
    Given the code maker placed the "1 1 2 3" secret on the board
    When I join the game
    Then joining should be rejected because the setup is invalid
