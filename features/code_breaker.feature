Feature: The code breaker wins within the attempts
  The computer can play the code breaker's part, by any strategy of the solver. It
  plays as a person does, through the same commands: it reads the guesses and key pegs
  on the board, never the secret. Each strategy has a most guesses it ever needs,
  measured over every secret of the game; a board with that many attempts is enough.

  Scenario Outline: Every strategy breaks a classic code within the guesses it needs at most
    Given a decoding board of <Attempts> attempts
    And the code maker placed the "<Secret>" secret on the board
    When the computer breaks the code by the "<Strategy>" strategy
    Then the code breaker should win within <Attempts> guesses
    Examples:
      | Strategy          | Attempts | Secret                      |
      | optimal           | 6        | Red Green Blue Yellow       |
      | optimal           | 6        | Orange Orange Orange Orange |
      | optimal-worst-5   | 5        | Blue Orange Red Blue        |
      | knuth             | 5        | Purple Yellow Purple Yellow |
      | most-parts        | 6        | Green Blue Red Red          |
      | expected-size     | 6        | Yellow Red Orange Green     |
      | entropy           | 6        | Blue Blue Purple Red        |
      | entropy-endgame   | 6        | Orange Purple Green Yellow  |
      | random-consistent | 7        | Red Red Red Red             |

  Scenario: The optimal code breaker breaks a secret it cannot know within six guesses
    Given a decoding board of 6 attempts
    And the code maker has placed a secret on the board
    When the computer breaks the code by the "optimal" strategy
    Then the code breaker should win within 6 guesses

  Scenario Outline: A code of five pegs from eight colours
    Given a decoding board of 12 attempts with the colours "Red Green Blue Yellow Purple Orange Cyan White"
    And the code maker placed the "<Secret>" secret on the board
    When the computer breaks the code by the "<Strategy>" strategy
    Then the code breaker should win within 8 guesses
    Examples:
      | Strategy        | Secret                        |
      | entropy-endgame | White Red Cyan Orange Yellow  |
      | most-parts      | Cyan Cyan Purple Green White  |
