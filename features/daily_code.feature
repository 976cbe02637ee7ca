@service
Feature: The daily code
  Every player who asks gets the same classic secret on a given day, UTC's, derived from
  the server's key and the date: nobody without the key can tell it beforehand. Each
  player plays one game a day, the same game however often they ask. The day's results
  count the players, the wins, and the guesses each win took; a player shares a result
  that shows the key pegs of each guess and no colour. Nobody is shown the day's secret
  before the day is over in UTC, however the game ended. The daily code lives in the
  application, keyed and dated: the bare decider has none.

  Scenario: Every player gets the same secret on a day, in a game of their own
    When Ann plays the daily code
    And Bob plays the daily code
    Then Ann and Bob play games of their own
    When Ann gives up the daily game
    And Bob gives up the daily game
    Then neither Ann nor Bob is shown the secret before the day is over
    When the next day comes
    Then the secret shown to Ann and to Bob is the same

  Scenario: Another day has another secret
    Given Ann plays the daily code
    And Ann gives up the daily game
    When the next day comes
    And Ann plays the daily code
    Then Ann plays a new game
    When Ann gives up the daily game
    And the next day comes
    Then the secret shown to Ann differs from the day before's

  Scenario: A second game the same day is the same game
    Given Ann plays the daily code
    And Ann makes a guess that is not the secret
    When Ann plays the daily code again
    Then Ann is back in the same game, with 1 guess made
    And no game was started by asking again

  Scenario: The day's results count the players, the wins and the guesses per win
    When Ann breaks the daily code in 3 guesses
    And Bob breaks the daily code in 3 guesses
    And Cid breaks the daily code in 5 guesses
    And Dee plays the daily code
    And Dee gives up the daily game
    And Eve plays the daily code
    Then the day's results show 5 players, 3 wins and 1 loss
    And the day's wins took:
      | guesses | wins |
      | 3       | 2    |
      | 5       | 1    |

  Scenario: The result to share shows the key pegs of each guess, and no colour
    When Ann breaks the daily code in 2 guesses
    Then Ann's result to share says the code was broken in 2 of 12 guesses
    And it has a line of marks for each guess, the last one "●●●●"
    And it names no colour
