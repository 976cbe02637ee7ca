"""Strategies for a domain of one's own: a small bank of accounts and loans, drawn from
its attrs classes alone, comes back from the codec and a store as it went in, and its
decider keeps its promise over every history drawn."""

from __future__ import annotations

import enum
from collections.abc import Callable
from datetime import date
from typing import Any, Literal

import attrs
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mastermind.domain import Decider
from mastermind.store import EventCodec, InMemoryEventStore
from mastermind.testing.strategies import (
    commands_of,
    events_of,
    histories,
    instances,
    storable_text,
)


class AccountKind(enum.Enum):
    CURRENT = "current"
    SAVINGS = "savings"


@attrs.frozen
class Loan:
    principal: int = attrs.field(validator=attrs.validators.gt(0))
    rate: float
    months: Literal[12, 24, 36]
    repayments: tuple[int, ...]


@attrs.frozen
class AccountOpened:
    account_id: str
    owner: str
    kind: AccountKind
    overdraft: int | None = None


@attrs.frozen
class Deposited:
    account_id: str
    amount: int
    reference: str | None
    tags: list[str]


@attrs.frozen
class Withdrawn:
    account_id: str
    amount: int


@attrs.frozen
class LoanGranted:
    account_id: str
    loan: Loan
    terms: dict[str, int]
    signed: tuple[str, bool]


@attrs.frozen
class AccountClosed:
    account_id: str


ONCE_FOUND = settings(database=None, phases=[Phase.generate], max_examples=1000)
"""For ``find``: the first example found will do, unshrunk, so that finding it is quick."""

EVENTS = (AccountOpened, Deposited, Withdrawn, LoanGranted, AccountClosed)
codec = EventCodec({cls.__name__: cls for cls in EVENTS})


@attrs.frozen
class Deposit:
    account_id: str
    amount: int


@attrs.frozen
class Withdraw:
    account_id: str
    amount: int


@attrs.frozen
class CloseAccount:
    account_id: str


class Refused(Exception):
    """A command the bank's rules refuse."""


@attrs.frozen
class Balance:
    open: bool = False
    amount: int = 0


def decide(command: Any, state: Balance) -> tuple[Any, ...]:
    if not state.open:
        raise Refused("the account is not open")
    match command:
        case Deposit(amount=amount) if amount > 0:
            return (Deposited(command.account_id, amount, None, []),)
        case Withdraw(amount=amount) if 0 < amount <= state.amount:
            return (Withdrawn(command.account_id, amount),)
        case CloseAccount() if state.amount == 0:
            return (AccountClosed(command.account_id),)
    raise Refused(f"{command} is refused with {state.amount} in the account")


def evolve(state: Balance, event: Any) -> Balance:
    match event:
        case AccountOpened():
            return Balance(open=True)
        case Deposited(amount=amount):
            return attrs.evolve(state, amount=state.amount + amount)
        case Withdrawn(amount=amount):
            return attrs.evolve(state, amount=state.amount - amount)
        case AccountClosed():
            return Balance(open=False, amount=state.amount)
    raise ValueError(f"{event} cannot follow {state}")


bank = Decider(decide, evolve, Balance(), lambda state: False)
opened = AccountOpened("acc-1", "Ada", AccountKind.CURRENT)
commands = commands_of(Deposit, Withdraw, CloseAccount, account_id=st.just("acc-1"))


def strings_in(value: object) -> list[str]:
    """Every string an event holds, at any depth."""
    if isinstance(value, str):
        return [value]
    if attrs.has(type(value)):
        return [
            text
            for field in attrs.fields(type(value))
            for text in strings_in(getattr(value, field.name))
        ]
    if isinstance(value, tuple | list):
        return [text for item in value for text in strings_in(item)]
    if isinstance(value, dict):
        return [text for pair in value.items() for text in strings_in(list(pair))]
    return []


@given(events_of(*EVENTS))
def test_every_event_drawn_comes_back_from_the_codec_as_it_went_in(event: Any) -> None:
    record = codec.encode(event)

    back = codec.decode(record.type, record.schema, record.data, stream_id="s", position=1)

    assert back == event
    assert type(back) is type(event)


@given(st.lists(events_of(*EVENTS, account_id=st.just("acc-1")), min_size=1, max_size=8))
def test_every_stream_drawn_is_loaded_from_a_store_as_it_was_appended(events: list[Any]) -> None:
    store = InMemoryEventStore(codec=codec)

    store.append("acc-1", events, 0)

    assert list(store.load("acc-1").events) == events
    assert {event.account_id for event in events} == {"acc-1"}


@given(events_of(*EVENTS))
def test_text_drawn_holds_no_nul_and_no_lone_surrogate(event: Any) -> None:
    for text in strings_in(event):
        assert "\x00" not in text
        text.encode("utf-8")  # a lone surrogate cannot be encoded


@given(storable_text(min_size=2, max_size=5))
def test_storable_text_keeps_to_the_sizes_asked_for(text: str) -> None:
    assert 2 <= len(text) <= 5
    assert "\x00" not in text


@given(instances(Deposit, amount=st.integers(1, 9)))
def test_a_field_given_a_strategy_is_drawn_from_it_alone(deposit: Deposit) -> None:
    assert 1 <= deposit.amount <= 9


@given(instances(Loan))
def test_values_a_validator_refuses_are_never_drawn(loan: Loan) -> None:
    assert loan.principal > 0
    assert loan.months in (12, 24, 36)


@pytest.mark.parametrize(
    ("strategy", "condition"),
    [
        (instances(AccountOpened), lambda event: event.overdraft is None),
        (instances(AccountOpened), lambda event: event.overdraft is not None),
        (instances(AccountOpened), lambda event: event.kind is AccountKind.SAVINGS),
        (instances(Deposited), lambda event: event.reference is None),
        (instances(Deposited), lambda event: len(event.tags) > 1),
        (instances(LoanGranted), lambda event: event.loan.months == 36),
        (instances(LoanGranted), lambda event: len(event.loan.repayments) > 1),
        (instances(LoanGranted), lambda event: event.signed[1] and bool(event.terms)),
        (instances(Loan), lambda loan: loan.rate != int(loan.rate)),
        (instances(Withdrawn), lambda event: not event.account_id.isascii()),
        (events_of(*EVENTS), lambda event: isinstance(event, AccountClosed)),
    ],
)
def test_every_kind_of_value_an_annotation_allows_is_drawn(
    strategy: st.SearchStrategy[Any], condition: Callable[[Any], bool]
) -> None:
    find(strategy, condition, settings=ONCE_FOUND)


@attrs.frozen
class Branch:
    label: int
    next: Branch | None = None


def test_a_class_that_holds_itself_is_drawn_several_levels_deep() -> None:
    found = find(
        instances(Branch),
        lambda branch: branch.next is not None and branch.next.next is not None,
        settings=ONCE_FOUND,
    )

    assert isinstance(found.next, Branch)


@attrs.frozen
class Dated:
    day: date
    note: Any


def test_a_type_outside_the_codecs_is_drawn_as_hypothesis_draws_it() -> None:
    drawn = find(instances(Dated, note=st.none()), lambda _: True, settings=ONCE_FOUND)

    assert isinstance(drawn.day, date)


@given(histories(bank, commands, refusals=Refused, starting_with=(opened,)))
def test_no_history_the_bank_writes_takes_a_balance_below_zero(events: list[Any]) -> None:
    balance = 0
    for event in events:
        balance += event.amount if isinstance(event, Deposited) else 0
        balance -= event.amount if isinstance(event, Withdrawn) else 0
        assert balance >= 0
    assert events[0] == opened
    assert bank.fold(events).amount == balance


def test_histories_hold_the_events_of_commands_accepted() -> None:
    found = find(
        histories(bank, commands, refusals=Refused, starting_with=(opened,)),
        lambda events: any(isinstance(event, Withdrawn) for event in events),
        settings=ONCE_FOUND,
    )

    first_withdrawal = next(n for n, event in enumerate(found) if isinstance(event, Withdrawn))
    assert found[0] == opened
    assert any(isinstance(event, Deposited) for event in found[:first_withdrawal])


def test_an_exception_not_named_a_refusal_is_raised_from_a_history() -> None:
    unopened = histories(bank, st.just(Deposit("acc-1", 5)), refusals=KeyError)

    with pytest.raises(Refused):
        find(unopened, lambda events: False, settings=ONCE_FOUND)


class NoStrategy:
    """A class Hypothesis cannot build: its one argument says nothing of its type."""

    def __init__(self, anything) -> None:  # type: ignore[no-untyped-def]
        self.anything = anything


@attrs.frozen
class Unknowable:
    held: NoStrategy


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: instances(Balance.__init__), "is no attrs class"),
        (lambda: instances(dict), "<class 'dict'> is no attrs class"),
        (lambda: instances(Deposit, amuont=st.integers()), "Deposit has no field amuont"),
        (lambda: instances(Deposit, amount=5), r"must be a strategy, not int: st.just\(5\)"),
        (lambda: instances(Unknowable), "Cannot draw Unknowable.held, of type NoStrategy"),
        (lambda: events_of(), "events_of needs at least one attrs class"),
        (lambda: commands_of(Deposit, 7), "7 is no attrs class"),
        (lambda: events_of(Deposited, owner=st.text()), "owner is a field of none of Deposited"),
        (lambda: histories(bank.decide, commands, refusals=Refused), "must be a Decider"),
        (lambda: histories(bank, [Deposit("a", 1)], refusals=Refused), "must be a strategy"),
        (lambda: histories(bank, commands, refusals="Refused"), "refusals must be an exception"),
        (lambda: histories(bank, commands, refusals=()), "refusals must be an exception"),
        (lambda: histories(bank, commands, refusals=SystemExit), "refusals must be an exception"),
        (
            lambda: histories(bank, commands, refusals=Refused, starting_with=opened),
            "starting_with must be a sequence of events, not AccountOpened",
        ),
        (lambda: histories(bank, commands, refusals=Refused, max_commands=-1), "0 or more"),
        (lambda: histories(bank, commands, refusals=Refused, max_commands=2.5), "whole number"),
    ],
)
def test_what_cannot_be_drawn_is_refused_with_a_type_error_that_says_why(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(InvalidArgument, match=message) as refused:
        make()

    assert isinstance(refused.value, TypeError)


def local_classes() -> tuple[type[Any], type[Any]]:
    @attrs.frozen
    class Inner:
        value: int

    @attrs.frozen
    class Outer:
        inner: Inner
        count: int

    return Outer, Inner


def test_a_field_whose_class_is_out_of_reach_names_itself_and_can_be_given() -> None:
    outer, inner = local_classes()

    with pytest.raises(InvalidArgument, match=r"Outer\.inner is annotated 'Inner'"):
        instances(outer)
    drawn = find(instances(outer, inner=instances(inner)), lambda _: True, settings=ONCE_FOUND)

    assert isinstance(drawn.count, int)
    assert isinstance(drawn.inner, inner)
