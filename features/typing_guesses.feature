Feature: Typing guesses
  People type quickly: names in any case, commas, or just the initials.

  Background:
    Given a decoding board of 12 attempts
    And the code maker placed the "Red Green Blue Yellow" secret on the board

  Scenario Outline: The same guess, typed in different ways
    When I try to break the code with "<Typed>"
    Then the code maker should give me "B B W W" feedback on my guess
    And the board should show the guess "Red Yellow Blue Green"
    Examples:
      | Typed                     |
      | Red Yellow Blue Green     |
      | red yellow blue green     |
      | RED, YELLOW, BLUE, GREEN  |
      | rEd  yellow,blue   Green  |
      | RYBG                      |
      | rybg                      |
      | r y b g                   |
      | R, Y, B, G                |

  Scenario: Initials with an unknown letter name the letter
    When I try to break the code with "RYBX"
    Then my guess should be rejected because it uses a colour the game lacks
    And the message should say "no colour 'X'"

  Scenario Outline: A word that is neither a colour nor initials is refused by name
    When I try to break the code with "<typed>"
    Then my guess should be rejected because it is neither a colour nor colour initials
    And the message should say "'<typed>' is neither a colour nor colour initials; choose from Red, Green"
    And the board should show 0 guesses

    Examples:
      | typed |
      | xyzw  |
      | clear |

  Scenario: Initials are not read when two colours share one
    Given a decoding board of 12 attempts with the colours "Blue Black Red White"
    And the code maker placed the "Blue Black Red White" secret on the board
    When I try to break the code with "BBRW"
    Then my guess should be rejected because it is neither a colour nor colour initials
    When I try to break the code with "blue BLACK red white"
    Then the code maker should give me "B B B B" feedback on my guess
