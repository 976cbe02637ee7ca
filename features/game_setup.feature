Feature: Setting up a game
  Any palette of distinct colour names, any code length and any number of
  attempts make a game; a setup that cannot be played is refused.

  Scenario: A longer code from a larger palette
    Given a decoding board of 10 attempts with the colours "Red Green Blue Yellow Purple Orange Pink Brown"
    And the code maker placed the "Pink Brown Red Red Green" secret on the board
    When I try to break the code with "Brown Pink Red Green Green"
    Then the code maker should give me "B B W W" feedback on my guess
    And I should have 9 attempts available

  Scenario: Two pegs from three colours
    Given a decoding board of 3 attempts with the colours "Ash Birch Cedar"
    And the code maker placed the "Cedar Ash" secret on the board
    When I try to break the code with "Ash Cedar"
    Then the code maker should give me "W W" feedback on my guess

  Scenario: A single attempt ends the game either way
    Given a decoding board of 1 attempt
    And the code maker placed the "Red Green Blue Yellow" secret on the board
    When I try to break the code with an invalid pattern 1 time
    Then I should lose the game
    And the secret should be revealed as "Red Green Blue Yellow"

  Scenario Outline: Key pegs in other games
    Given a decoding board of 8 attempts with the colours "<Colours>"
    And the code maker placed the "<Pattern>" code pattern on the board
    When I try to break the code with "<Guess>"
    Then the code maker should give me "<Feedback>" feedback on my guess
    Examples:
      | Colours                 | Pattern             | Guess               | Feedback  |
      | One Two                 | One One Two         | Two One One         | B W W     |
      | One Two                 | One                 | Two                 |           |
      | Cyan Magenta Lime       | Cyan Cyan Cyan Lime | Lime Lime Cyan Cyan | B W W     |
      | A B C D E F G H         | A B C D E F         | F E D C B A         | W W W W W W |
      | Red Green Blue          | Red Red Red Red Red | Red Green Red Green Red | B B B |

  Scenario Outline: A setup that cannot be played
    # A secret outside the palette is named to whoever placed it; a player joining a
    # server's game is only told that the code maker's secret does not fit.
    Given a decoding board of <Attempts> attempts with the colours "<Colours>"
    And the code maker placed the "<Secret>" secret on the board
    When I join the game
    Then joining should be rejected because the setup is invalid
    And the message should say "<Reason>"
    Examples:
      | Attempts | Colours        | Secret        | Reason                              |
      | 0        | Red Green Blue | Red Green     | at least 1 attempt                  |
      | -3       | Red Green Blue | Red Green     | at least 1 attempt                  |
      | 12       | Red Green Blue | Red Pink      | secret                              |
      | 12       | Red Green Red  | Red Green     | the palette names a colour twice    |
      | 12       | Red Green RED  | Red Green     | the palette names a colour twice    |

  Scenario: A secret with no pegs
    Given a decoding board of 12 attempts
    And the code maker placed an empty secret on the board
    When I join the game
    Then joining should be rejected because the setup is invalid
    And the message should say "the secret is empty"
