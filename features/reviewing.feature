@service
Feature: Reviewing a finished game
  Once a game is over, the code breaker may see it reviewed guess by guess: how many
  codes could still be the secret before and after each guess, whether the guess could
  itself have been the secret, and what its choice cost against the best strategy.
  Then one line sums the game up. A review is the application's read model over the
  game's events: the bare decider has none.

  Background:
    Given a decoding board of 12 attempts
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario: A game played as the best strategy plays it costs nothing
    When I try to break the code with "Red Red Green Blue"
    And I try to break the code with "Red Yellow Red Purple"
    And I try to break the code with "Red Orange Blue Red"
    And I try to break the code with "Red Green Blue Yellow"
    And I ask for the review of the game
    Then the review should show 4 guesses
    And the codes that could be the secret should go from 1296 to 84, 19, 2 and 1
    And every guess should have cost nothing
    And the verdict should say "Solved in 4 guesses; every choice was as good as the best strategy's"

  Scenario: A guess that tells nothing new costs a whole guess
    When I try to break the code with "Red Red Green Blue"
    And I try to break the code with "Red Red Green Blue"
    And I try to break the code with "Red Yellow Red Purple"
    And I try to break the code with "Red Orange Blue Red"
    And I try to break the code with "Red Green Blue Yellow"
    And I ask for the review of the game
    Then guess 2 should have cost 1 guess
    And guess 2 should not have been able to be the secret
    And the verdict should say "your choices cost 1 guess above the optimum"

  Scenario: A game given up is reviewed too
    When I try to break the code with "Purple Purple Orange Orange"
    And I give up
    And I ask for the review of the game
    Then the review should show 1 guess
    And the verdict should say "Given up after 1 guess"

  Scenario: A game in play has no review yet
    When I try to break the code with "Red Red Green Blue"
    And I ask for the review of the game
    Then the review should be refused because the game is not over
