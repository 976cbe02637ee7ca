Feature: No colour twice
  The "unique" rules are the classic game in which no colour appears twice: not in the
  secret, and not in a guess either. A guess that repeats a colour is refused, and uses
  no attempt.

  Background:
    Given a game by the "unique" rules
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario: A classic board without repeats
    When I join the game
    Then the game should be played by the "unique" rules
    And I should have 12 attempts available

  Scenario: A guess of different colours is answered as in the classic game
    When I try to break the code with "Yellow Blue Green Red"
    Then the code maker should give me "W W W W" feedback on my guess
    And the code maker should say "0 black, 4 white"

  Scenario: A guess that repeats a colour is refused
    When I try to break the code with "Red Red Blue Yellow"
    Then my guess should be rejected because it repeats a colour
    And the message should say "repeats Red"
    And the board should show 0 guesses
    And I should have 12 attempts available

  Scenario: A secret that repeats a colour cannot be played
    Given the code maker placed the "Red Red Blue Yellow" secret on the board
    When I join the game
    Then joining should be rejected because the setup is invalid
