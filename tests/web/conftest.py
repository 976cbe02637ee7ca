"""Fixtures of the web tests: an application over a SQLite store, asked in this process."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import httpx
import httpx2
import pytest
from playwright.sync_api import Browser
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from mastermind.bootstrap import Limits, bootstrap
from mastermind.domain import CLASSIC_PEGS, DIGITS, Code, DecodingBoard, score
from mastermind.service import (
    KEY_VARIABLE,
    HintSource,
    HintUnavailable,
    ReviewSource,
    SecretMaker,
    random_secret,
)
from mastermind.store import EventStore, SQLiteEventStore
from mastermind.web import PlayerTokens, create_app

UNLIMITED = Limits(create_rate="1000/second", hint_rate="1000/second")
"""Rates never reached here, where every game comes from one address."""

DAILY_KEY = "the web tests' key of the daily code"
"""A key that outlives each test's server, as the daily code needs."""

SECRET = "Orange Purple Yellow Orange"
"""The secret of the tests' games: neither the palette's order nor any guess they make."""
DIGIT_SECRET = "4271"
"""The secret of the tests' games played with digits, as in Bulls and Cows."""


Client = httpx.Client | httpx2.Client
"""A client of the app: in this process (a ``TestClient``), or of a real server."""
Answer = httpx.Response | httpx2.Response
"""An answer of the app, as either client reads it."""


def client_of(app: ASGIApp, address: str = "127.0.0.1") -> TestClient:
    """A client of ``app`` in this process, as a browser at ``address`` would reach it over
    a real server: no redirect followed, and an error answered as a server answers it.

    No lifespan runs, as none runs under ``serving``: the app starts what it needs when
    first asked."""
    return TestClient(
        app,
        base_url="http://127.0.0.1",
        client=(address, 50000),
        follow_redirects=False,
        raise_server_exceptions=False,
    )


class Player:
    """A client of one app, with the token of the game it started last."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.game_id = ""
        self.token = ""

    def start(self, **setup: object) -> Answer:
        response = self.client.post("/games", json=setup) if setup else self.client.post("/games")
        if response.status_code == 201:
            self.game_id = response.json()["id"]
            self.token = response.json()["token"]
        return response

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def guess(self, guess: object) -> Answer:
        path = f"/games/{self.game_id}/guesses"
        return self.client.post(path, json={"guess": guess}, headers=self.auth)

    def give_up(self) -> Answer:
        return self.client.post(f"/games/{self.game_id}/give-up", headers=self.auth)

    def board(self) -> Answer:
        return self.client.get(f"/games/{self.game_id}")


def assert_problem(response: Answer, status: int, error: str) -> dict[str, object]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem: dict[str, object] = response.json()
    assert problem["status"] == status
    assert problem["error"] == error
    assert isinstance(problem["title"], str)
    assert problem["title"]
    assert isinstance(problem["detail"], str)
    assert problem["detail"].endswith(".")
    assert str(problem["type"]).startswith("/problems/")
    return problem


def same_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
    """The code maker of the tests: ``SECRET`` in every game, or ``DIGIT_SECRET`` in a
    game of digits, repeated or cut to the game's length. It ignores ``unique``, so that
    a test can see a secret that breaks the rules refused."""
    typed = DIGIT_SECRET if set(DIGITS) <= set(available_pegs) else SECRET
    pegs = Code.parse(typed, available_pegs).pegs
    return Code((pegs * length)[:length])


def family_secret(available_pegs: Sequence[str], length: int, unique: bool) -> Code:
    """``same_secret``, but for a game where no symbol repeats: its symbols once each,
    then the palette's others in order, as in Orange Purple Yellow Red."""
    made = same_secret(available_pegs, length, unique)
    if not unique:
        return made
    return Code(tuple(dict.fromkeys([*made.pegs, *available_pegs]))[:length])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(tmp_path / "games.db")
    yield store
    store.close()


@pytest.fixture(scope="module")
def tokens() -> PlayerTokens:
    return PlayerTokens.random()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, tokens: PlayerTokens) -> Iterator[Starlette]:
    """One app for a module's tests: each test plays its own games on it."""
    store = SQLiteEventStore(tmp_path_factory.mktemp("web") / "games.db")
    yield app_over(store, same_secret, tokens=tokens)
    store.close()


@pytest.fixture
def client(app: Starlette) -> Iterator[TestClient]:
    client = client_of(app)
    yield client
    client.close()


@pytest.fixture
def player(client: TestClient) -> Player:
    return Player(client)


def app_over(
    store: EventStore,
    secret_maker: SecretMaker = random_secret,
    *,
    hints: HintSource | None = None,
    tokens: PlayerTokens | None = None,
    reviews: ReviewSource | None = None,
) -> Starlette:
    """The web game over ``store``, wired by the bootstrap with the tests' own parts:
    reviews are the solver's unless ``reviews`` are given."""
    application = bootstrap(
        store,
        secret_maker=secret_maker,
        hints=hints,
        **({} if reviews is None else {"reviews": reviews}),
        tokens=tokens or PlayerTokens.random(),
        environment={KEY_VARIABLE: DAILY_KEY},
        limits=UNLIMITED,
    )
    return create_app(application)


@attrs.frozen
class EvenFigures:
    """A guess's figures by ``EvenReviews``: as good as the best, one code left after it."""

    candidates_before: int = 1
    candidates_after: int = 1
    could_be_secret: bool = True
    expected_before: float = 1.0
    expected_with_guess: float = 1.0
    expected_after: float = 0.0
    cost: float = 0.0
    best_guess: Code | None = None
    exact: bool = True


@attrs.frozen
class EvenReviewFigures:
    strategy: str
    expected_at_start: float
    exact: bool
    guesses: tuple[EvenFigures, ...]


class EvenReviews:
    """A reviewer for the tests of the page's words, whatever the rules: every guess was
    as good as the best. The figures are the solver's to get right, not the page's."""

    def figures(self, board: DecodingBoard) -> EvenReviewFigures:
        return EvenReviewFigures("even", 1.0, True, (EvenFigures(),) * len(board.rows))


@attrs.frozen
class SuggestedGuess:
    guess: Code
    remaining: int | None
    strategy: str = "first consistent code"
    incomplete: bool = False


class FirstConsistentCode:
    """A code breaker for the tests: the first code, in palette order, that every row
    allows, for games of the classic size or smaller, with the codes still possible
    counted. With ``any_size``, a larger game has a hint too, as the solver gives one:
    the search stops after as many codes as a classic game has, as the solver's stops
    when its time is up, and answers the first code it met, ``incomplete``."""

    COUNTED = len(CLASSIC_PEGS) ** 4

    def __init__(self, *, any_size: bool = False) -> None:
        self.any_size = any_size

    def offers(self, board: DecodingBoard) -> bool:
        return self.any_size or self._counted(board)

    def _counted(self, board: DecodingBoard) -> bool:
        return len(board.available_pegs) ** board.code_length <= self.COUNTED

    def hint(self, board: DecodingBoard, strategy: str | None = None) -> SuggestedGuess:
        if not self.offers(board):
            raise HintUnavailable("There are no hints for a game this large.")
        codes = (
            Code(pegs) for pegs in itertools.product(board.available_pegs, repeat=board.code_length)
        )
        fitting = (
            code
            for code in itertools.islice(codes, self.COUNTED)
            if all(score(code, row.guess) == row.feedback for row in board.rows)
        )
        if self._counted(board):
            counted = list(fitting)
            return SuggestedGuess(counted[0], len(counted))
        found = next(fitting, None)
        if found is not None:
            return SuggestedGuess(found, None)
        return SuggestedGuess(
            Code((board.available_pegs[0],) * board.code_length), None, incomplete=True
        )


first_consistent_code = FirstConsistentCode()
hints_of_any_size = FirstConsistentCode(any_size=True)
"""For a server fuzzed through its links: every game it makes has a hint, as with the
solver, so that a run never takes a game too large for the tests' code breaker for one
that was never made."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for every page test: each test opens its own context."""
    from tests.web.pages import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of the page, with a fixed secret and hints, for one module of page tests."""
    from tests.web.pages import page_server

    with page_server(tmp_path_factory.mktemp("page")) as url:
        yield url
