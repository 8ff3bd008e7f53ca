"""Exact answers for Pig, derived here by dynamic programming, independently of the engine."""

from functools import lru_cache


def turn_outcomes(score: int, threshold: int, target: int = 100, sides: int = 6, bust: int = 1) -> dict[int, float]:
    """Distribution of the points a hold-at-``threshold`` player banks in one turn from ``score``.

    0 means the turn was lost to the bust face.  The player holds once the turn total reaches the
    threshold or would reach the target.
    """

    @lru_cache(maxsize=None)
    def from_total(k: int) -> tuple[tuple[int, float], ...]:
        if k > 0 and (k >= threshold or score + k >= target):
            return ((k, 1.0),)
        dist: dict[int, float] = {0: 1.0 / sides}
        for face in range(1, sides + 1):
            if face == bust:
                continue
            for points, p in from_total(k + face):
                dist[points] = dist.get(points, 0.0) + p / sides
        return tuple(dist.items())

    return dict(from_total(0))


def hold_win_probability(threshold_first: int, threshold_second: int, target: int = 100) -> float:
    """Probability that the first player wins when both hold at fixed thresholds."""
    outcomes = {
        (who, i): turn_outcomes(i, threshold_first if who == 0 else threshold_second, target)
        for who in (0, 1) for i in range(target)
    }
    # win[who][i][j]: the player `who`, to move with score i against j, wins.
    win = [[[0.0] * target for _ in range(target)] for _ in range(2)]
    for total in range(2 * target - 2, -1, -1):
        for i in range(max(0, total - target + 1), min(total, target - 1) + 1):
            j = total - i
            if i > j:
                continue
            # The pair (who moves at (i, j), the other at (j, i)) is linked only by busts.
            for who in (0, 1):
                other = 1 - who
                a = _gain(outcomes[who, i], win[other], i, j, target)
                b = _gain(outcomes[other, j], win[who], j, i, target)
                p0a, p0b = outcomes[who, i].get(0, 0.0), outcomes[other, j].get(0, 0.0)
                wa = (a + p0a * (1 - b - p0b)) / (1 - p0a * p0b)
                win[who][i][j] = wa
                win[other][j][i] = b + p0b * (1 - wa)
    return win[0][0][0]


def _gain(outcome: dict[int, float], opponent_win, mine: int, theirs: int, target: int) -> float:
    """The win probability from the turns that bank points (the bust term is solved separately)."""
    total = 0.0
    for points, p in outcome.items():
        if points == 0:
            continue
        total += p * (1.0 if mine + points >= target else 1.0 - opponent_win[theirs][mine + points])
    return total
