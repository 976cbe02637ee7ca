Feature: Two players
  Mastermind is a game for two: a code maker and a code breaker. Here I am the code
  breaker, and the code maker is a person, Mum, who sets the secret for me. She watches
  every guess as it is made and may end the game. I never see the secret before the
  game is over, and I get hints only with her leave.

  Each stage keeps the two roles apart as far as it can. Over HTTP each role holds a
  token of its own, and each token is refused the other's moves: those scenarios run
  over HTTP alone. The pure core and the service take a move from whoever calls them.
  The terminal is one keyboard that the two players share, where the code breaker's
  board is all there is to see: the maker's own view is not there.

  Background:
    Given a decoding board of 12 attempts

  Scenario: I break the code a person set
    Given Mum set the code "Red Green Blue Yellow" for me
    When I try to break the code with "Red Yellow Blue Green"
    And I try to break the code with "Red Green Blue Yellow"
    Then I should win the game
    And the board should show that Mum set the code
    And the secret should be revealed as "Red Green Blue Yellow"

  Scenario: The secret stays hidden from me until the game is over
    Given Mum set the code "Red Green Blue Yellow" for me
    When I try to break the code with "Red Yellow Blue Green"
    Then the secret should be hidden
    When I give up
    Then I should lose the game
    And the secret should be revealed as "Red Green Blue Yellow"

  @only.decider.service.http
  Scenario: The code maker watches every guess, and sees the secret in play
    Given Mum set the code "Red Green Blue Yellow" for me
    When I try to break the code with "Red Yellow Blue Green"
    And I try to break the code with "Purple Purple Orange Orange"
    Then the code maker should see the secret "Red Green Blue Yellow"
    And the code maker should see 2 guesses
    And the code maker should see the guess "Red Yellow Blue Green" with "B B W W" first
    But the secret should be hidden

  Scenario: The code maker ends the game
    Given Mum set the code "Red Green Blue Yellow" for me
    When I try to break the code with "Red Yellow Blue Green"
    And the code maker ends the game
    Then I should lose the game
    And the board should show 1 guess
    And the secret should be revealed as "Red Green Blue Yellow"
    And I should no longer be able to make guesses

  Scenario: The code maker leaves me a note
    Given Mum set the code "Red Green Blue Yellow" for me
    When the code maker leaves the note "Think of a rainbow"
    Then the board should show the note "Think of a rainbow"
    And I should have 12 attempts available
    And the secret should be hidden

  @only.decider.service.cli
  Scenario: Nobody leaves a note on a code the computer set
    Given the code maker placed the "Red Green Blue Yellow" secret on the board
    And I have joined the game
    When the code maker leaves the note "Think of a rainbow"
    Then the note should be rejected because only a person who made the code leaves notes

  @only.http
  Scenario: The code maker cannot guess
    Given Mum set the code "Red Green Blue Yellow" for me
    When the code maker tries to break the code with "Red Green Blue Yellow"
    Then the code maker should be refused, for only the code breaker may do that
    And I should have 12 attempts available
    And the secret should be hidden

  @only.http
  Scenario: I cannot end the game in the code maker's place
    Given Mum set the code "Red Green Blue Yellow" for me
    When I try to end the game as the code maker may
    Then I should be refused, for only the code maker may do that
    And I should have 12 attempts available
    And the secret should be hidden

  Scenario: No hints without the code maker's leave
    Given Mum set the code "Red Green Blue Yellow" for me
    When I ask for a hint
    Then the hint should be refused, for the code maker allows none
    And I should have 12 attempts available

  Scenario: Hints with the code maker's leave
    Given Mum set the code "Red Green Blue Yellow" for me, and allows hints
    When I try to break the code with "Red Yellow Blue Green"
    And I ask for a hint
    Then I should be offered a guess of 4 of the game's colours
    And the board should show that Mum set the code

  Scenario: The computer makes the code, and never minds hints
    Given the code maker has placed a secret on the board
    And I have joined the game
    When I ask for a hint
    Then I should be offered a guess of 4 of the game's colours
    And the board should show that the computer set the code
