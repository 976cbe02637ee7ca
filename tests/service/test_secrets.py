import pytest

from mastermind import CLASSIC_PEGS, Code
from mastermind.service import FixedSecrets, random_secret


def test_random_secrets_vary() -> None:
    drawn = {random_secret(CLASSIC_PEGS, 4, unique=False) for _ in range(50)}
    assert len(drawn) > 40


def test_random_secrets_may_repeat_colours_unless_unique() -> None:
    repeated = [random_secret(("Ash", "Oak"), 3, unique=False) for _ in range(20)]
    assert all(len(set(code.pegs)) < 3 for code in repeated)
    unique = random_secret(CLASSIC_PEGS, 6, unique=True)
    assert sorted(unique.pegs) == sorted(CLASSIC_PEGS)


def test_fixed_secrets_hand_out_secrets_in_turn_and_read_typed_ones() -> None:
    maker = FixedSecrets("RGBY", Code.of("Ash"))
    assert maker(CLASSIC_PEGS, 4, False) == Code.parse("Red Green Blue Yellow")
    assert maker(("Ash",), 1, False) == Code.of("Ash")
    with pytest.raises(LookupError, match="every secret"):
        maker(CLASSIC_PEGS, 4, False)
