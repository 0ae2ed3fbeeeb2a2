import numpy as np
import numpy.typing as npt

CATEGORIES: list[str]

def evaluate(
    cards: npt.NDArray[np.uint8], game: str | None = None
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def lows(cards: npt.NDArray[np.uint8], game: str) -> npt.NDArray[np.uint8]: ...
def rank(text: str) -> tuple[int, str]: ...
def evaluate_cards(*cards: int) -> int: ...
def evaluators() -> list[tuple[str, str]]: ...
def games() -> list[tuple[str, int]]: ...
def game_ids() -> list[str]: ...
def equity(
    ranges: list[str], board: str, dead: str
) -> tuple[
    list[float],
    list[float],
    list[float],
    list[tuple[float, float, float]],
    int,
    int,
    list[list[tuple[str, float, float, float]]],
]: ...
def showdown(
    game: str, hands: list[str], board: str, dead: str
) -> tuple[str, int, list[float], list[int], list[int], int]: ...
def estimate_showdown(
    game: str, hands: list[str], board: str, dead: str, seed: int, stderr: float
) -> tuple[list[float], list[float], int]: ...
def breakdown(
    range: str, board: str, dead: str, versus: str | None, game: str
) -> tuple[
    int,
    float,
    list[tuple[str, int, float, float, float | None]],
    list[tuple[str, int, float, float, float | None]],
    list[tuple[str, float, str, list[str]]],
]: ...
def table(
    hero: str, villain: str, board: str, dead: str
) -> tuple[list[tuple[str, float, float, float | None]], float, int, int]: ...
def table_of(
    game: str, hero: str, villain: str, board: str, dead: str
) -> tuple[list[tuple[str, float, float, float | None]], float | None, int, int]: ...
def flops(hero: str, villain: str, dead: str) -> list[tuple[str, int]]: ...
def estimate(
    ranges: list[str], board: str, dead: str, seed: int, stderr: float
) -> tuple[list[float], list[float], int]: ...
