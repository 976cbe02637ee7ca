"""How a game's pegs are drawn: code pegs that carry their letter, a blank that is a hole,
and key pegs that no colour can be taken for, or an answer in words."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.color import Color
from rich.text import Text

from mastermind.cli._palette import symbol_noun, terminal_colour
from mastermind.domain import (
    BLANK,
    Answer,
    Code,
    Feedback,
    KeyMark,
    Rules,
    has_unique_initials,
)

__all__ = ["PegLook"]

_KEY_SYMBOLS = (
    (KeyMark.RIGHT_PLACE, "◆", "+"),
    (KeyMark.WRONG_PLACE, "◇", "-"),
    (KeyMark.NONE, "∙", "."),
)
"""Candidates for the key pegs: right colour in the right place, right colour in the wrong
place, and an empty hole. The marks the domain declares, as every answer and the share text
show them, in colour or not; the first that no code peg of the game shows is used, so that
no symbol means two things on one screen."""
_BLANK_LABELS = {True: "○", False: "_"}
"""The blank peg, in games that allow one, in colour or not: a hole left empty."""

# Fixed colours of the 256, not the 16 a terminal's theme may redefine: a label must stand
# out from its cell whatever the theme.
_HOLE = "on grey27"


@attrs.frozen
class PegLook:
    """How one game's pegs are drawn.

    In colour a code peg is a cell of its colour with its initial on it, so that it reads
    without the colour too; where two colours share an initial, its number in the palette.
    Without colour it is its initial, as typed at the prompt, or its name where two
    colours share an initial. The ``blank`` peg, where the rules allow one, is a hole
    left empty. Key pegs are drawn as the rules' ``answer`` gives them: black and white,
    black only, or bulls and cows in words.
    """

    palette: tuple[str, ...]
    colour: bool
    blank: str | None = None
    answer: Answer = Answer.BLACK_AND_WHITE

    @classmethod
    def of(cls, rules: Rules, colour: bool) -> PegLook:
        """How the pegs of a game played by ``rules`` are drawn."""
        return cls(rules.pegs, colour, BLANK if rules.blanks else None, rules.answer)

    @property
    def by_initial(self) -> bool:
        return has_unique_initials(self.palette)

    @property
    def noun(self) -> str:
        """What the symbols are called: ``"colour"``, or ``"digit"``."""
        return symbol_noun([name for name in self.palette if name != self.blank])

    def label(self, name: str) -> str:
        """What a peg of this colour shows: its initial, its number, or its name; the
        blank, a hole."""
        if name == self.blank:
            return _BLANK_LABELS[self.colour]
        if self.by_initial:
            return name[:1].upper()
        if not self.colour:
            return name
        folded = [peg.casefold() for peg in self.palette]
        return str(folded.index(name.casefold()) + 1) if name.casefold() in folded else name

    def peg(self, name: str) -> Text:
        label = self.label(name)
        if not self.colour:
            return Text(label.ljust(self._label_width))
        style = _HOLE if name == self.blank else _cell_style(name)
        return Text(f" {label.rjust(self._label_width)} ", style=style)

    def code(self, code: Code | Sequence[str]) -> Text:
        pegs = code.pegs if isinstance(code, Code) else code
        return Text(" ").join(self.peg(name) for name in pegs)

    def holes(self, length: int, style: str = _HOLE, mark: str = " ") -> Text:
        """A row of empty cells, as the holes of the board, or the shield's ``?``."""
        cell = Text(f" {mark.rjust(self._label_width)} ", style=style)
        return Text(" ").join([cell] * length)

    @property
    def key_symbols(self) -> tuple[str, str, str]:
        taken = {self.label(name) for name in self.palette}
        right, wrong, empty = (
            next((symbol for symbol in candidates if symbol not in taken), candidates[0])
            for candidates in _KEY_SYMBOLS
        )
        return right, wrong, empty

    def key_pegs(self, feedback: Feedback, code_length: int) -> Text:
        """The key pegs in a cell of one width for every row: one symbol a hole; in
        Bulls and Cows, the answer in words, such as ``1 bull, 2 cows``."""
        if self.answer is Answer.BULLS_AND_COWS:
            return Text(self.answer.describe(feedback))
        right, wrong, empty = self.key_symbols
        white = feedback.white if self.answer.counts_white else 0
        pegs = [Text(right, style="bold")] * feedback.black
        pegs += [Text(wrong, style="bold")] * white
        pegs += [Text(empty, style="dim")] * (code_length - feedback.black - white)
        return Text(" ").join(pegs)

    def colour_legend(self) -> Text:
        """Every colour of the game, drawn as on the board beside its name."""
        if not self.colour and not self.by_initial:
            return Text(", ".join(self.palette))
        if self.names_shown:
            return Text(" ").join(self.peg(name) for name in self.palette)
        return Text("  ").join(Text.assemble(self.peg(name), " ", name) for name in self.palette)

    @property
    def names_shown(self) -> bool:
        """Whether every peg shows its own name, as digits do, so that none needs naming."""
        return all(self.label(name) == name for name in self.palette)

    def key_legend(self) -> Text:
        right, wrong, empty = self.key_symbols
        noun = self.noun
        if self.answer is Answer.BULLS_AND_COWS:
            return Text(f"a bull is a {noun} in its place, a cow a {noun} of the code elsewhere")
        if not self.answer.counts_white:
            return Text.assemble(
                (right, "bold"),
                f" right {noun}, right place   ",
                (empty, "dim"),
                f" any other: no peg tells a right {noun} in the wrong place",
            )
        return Text.assemble(
            (right, "bold"),
            f" right {noun}, right place   ",
            (wrong, "bold"),
            f" right {noun}, wrong place   ",
            (empty, "dim"),
            " none",
        )

    def key_line(self) -> Text:
        """The legend of the key pegs, or of the answers in words, with its heading."""
        heading = "Answers: " if self.answer is Answer.BULLS_AND_COWS else "Key pegs: "
        return Text.assemble(heading, self.key_legend())

    def colour_line(self) -> Text:
        """Every colour, or digit, of the game, with its heading."""
        return Text.assemble(f"{self.noun.capitalize()}s: ", self.colour_legend())

    @property
    def _label_width(self) -> int:
        return max((len(self.label(name)) for name in self.palette), default=1)


def _cell_style(name: str) -> str:
    """A colour as a cell's background, under its label in black or white, whichever
    stands out more; a colour no terminal has is a reversed cell."""
    colour = terminal_colour(name)
    if colour is None:
        return "bold reverse"
    red, green, blue = (_linear(channel / 255) for channel in Color.parse(colour).get_truecolor())
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    # Contrast with black is (L + 0.05) / 0.05 and with white 1.05 / (L + 0.05).
    text = "grey0" if (luminance + 0.05) ** 2 > 0.0525 else "grey100"
    return f"bold {text} on {colour}"


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
