"""Random sequences of valid and invalid commands, checked against the decider's invariants."""

from __future__ import annotations

import attrs
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from mastermind import (
    BLANK,
    Code,
    CommandForAnotherGame,
    Event,
    GameError,
    GameLost,
    GameStarted,
    GameWon,
    GiveUp,
    GuessMade,
    JoinGame,
    MakeGuess,
    Rules,
    Started,
    decider,
)
from mastermind.testing.strategies import commands_for, guesses_for, join_commands, small_games
from tests.tiers import examples

TERMINAL = (GameWon, GameLost)


class DeciderMachine(RuleBasedStateMachine):
    game: JoinGame
    events: list[Event]

    @initialize(game=small_games())
    def set_up(self, game: JoinGame) -> None:
        self.game = game
        self.events = []

    def run(self, command: JoinGame | MakeGuess | GiveUp) -> tuple[Event, ...] | GameError:
        before = list(self.events)
        state = decider.fold(self.events)
        try:
            decided = decider.decide(command, state)
        except GameError as error:
            assert self.events == before
            assert decider.fold(self.events) == state
            return error
        self.events.extend(decided)
        return decided

    @property
    def finished(self) -> bool:
        return any(isinstance(event, TERMINAL) for event in self.events)

    @rule()
    def join(self) -> None:
        expected_refusal = bool(self.events)
        outcome = self.run(self.game)
        assert isinstance(outcome, GameError) == expected_refusal, outcome

    @rule(data=st.data())
    def guess(self, data: st.DataObject) -> None:
        command = data.draw(guesses_for(self.game))
        rules, pegs = self.game.rules, command.guess.pegs
        expected_refusal = (
            not self.events
            or self.finished
            or len(pegs) != len(self.game.secret)
            or not set(pegs) <= set(rules.symbols) | ({BLANK} if rules.blanks else set())
            or (not rules.repeats and len(set(pegs)) < len(pegs))
        )
        outcome = self.run(command)
        assert isinstance(outcome, GameError) == expected_refusal, (command, outcome)
        if not expected_refusal:
            assert isinstance(outcome, tuple)
            assert isinstance(outcome[0], GuessMade)
            won = command.guess == self.game.secret
            assert (len(outcome) == 2 and isinstance(outcome[1], GameWon)) == won

    @rule()
    def give_up(self) -> None:
        expected_refusal = not self.events or self.finished
        outcome = self.run(GiveUp(self.game.game_id))
        assert isinstance(outcome, GameError) == expected_refusal, outcome
        if not expected_refusal:
            assert outcome == (GameLost(self.game.game_id),)

    @rule(data=st.data())
    def join_a_drawn_game(self, data: st.DataObject) -> None:
        command = data.draw(join_commands(st.just(self.game.game_id)))
        expected_refusal = bool(self.events)
        outcome = self.run(command)
        assert isinstance(outcome, GameError) == expected_refusal, (command, outcome)
        if not expected_refusal:
            assert outcome == (
                GameStarted(command.game_id, command.secret, command.rules, command.maker),
            )
            self.game = command

    @precondition(lambda self: bool(self.events))
    @rule(data=st.data())
    def command_another_game(self, data: st.DataObject) -> None:
        other = attrs.evolve(self.game, game_id=f"not-{self.game.game_id}")
        command = data.draw(commands_for(other))
        outcome = self.run(command)
        assert isinstance(outcome, CommandForAnotherGame), (command, outcome)
        assert (outcome.game_id, outcome.command_game_id) == (self.game.game_id, other.game_id)

    @rule(pegs=st.lists(st.sampled_from(("Pink", "Red")), max_size=3), attempts=st.integers(-2, 3))
    def join_with_any_setup(self, pegs: list[str], attempts: int) -> None:
        rules = Rules(len(pegs), ("Red", "Blue"), attempts)
        command = JoinGame(self.game.game_id, Code(pegs), rules)
        playable = bool(pegs) and "Pink" not in pegs and attempts >= 1
        expected_refusal = bool(self.events) or not playable
        outcome = self.run(command)
        assert isinstance(outcome, GameError) == expected_refusal, (command, outcome)
        if not expected_refusal:
            self.game = command

    @invariant()
    def attempts_never_exceed_the_total(self) -> None:
        state = decider.fold(self.events)
        if isinstance(state, Started):
            assert 0 <= state.attempts_used < state.rules.attempts
        started = [event for event in self.events if isinstance(event, GameStarted)]
        guesses = [event for event in self.events if isinstance(event, GuessMade)]
        if started:
            assert len(guesses) <= started[0].rules.attempts

    @invariant()
    def a_game_without_repeats_has_no_symbol_twice_in_any_code(self) -> None:
        started = [event for event in self.events if isinstance(event, GameStarted)]
        if started and not started[0].rules.repeats:
            codes = [started[0].secret] + [
                event.guess for event in self.events if isinstance(event, GuessMade)
            ]
            assert all(len(set(code.pegs)) == len(code) for code in codes)

    @invariant()
    def a_game_starts_once_and_first(self) -> None:
        starts = [i for i, event in enumerate(self.events) if isinstance(event, GameStarted)]
        assert starts in ([], [0])

    @invariant()
    def nothing_follows_a_terminal_event(self) -> None:
        terminal = [i for i, event in enumerate(self.events) if isinstance(event, TERMINAL)]
        assert len(terminal) <= 1
        if terminal:
            assert terminal[0] == len(self.events) - 1
            assert decider.is_terminal(decider.fold(self.events))

    @invariant()
    def a_game_that_used_every_attempt_is_over(self) -> None:
        state = decider.fold(self.events)
        guesses = sum(isinstance(event, GuessMade) for event in self.events)
        if self.events and guesses == self.events[0].rules.attempts:  # type: ignore[union-attr]
            assert decider.is_terminal(state)


DeciderMachine.TestCase.settings = settings(max_examples=examples(300), stateful_step_count=30)
TestDeciderMachine = DeciderMachine.TestCase
