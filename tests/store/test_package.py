import mastermind.store


def test_all_is_sorted() -> None:
    assert mastermind.store.__all__ == sorted(mastermind.store.__all__)


def test_every_public_name_is_importable() -> None:
    missing = [name for name in mastermind.store.__all__ if not hasattr(mastermind.store, name)]
    assert missing == []
