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


def hold_game(thresholds: tuple[int, ...], target: int = 100) -> tuple[list[float], float]:
    """(each seat's win probability, expected number of turns) when every seat holds at its threshold.

    Seats play in order from seat 1; a turn is one seat's turn, the last one included.  For a
    tuple of scores, the states "seat m to move" are linked only by busts (the move passes, the
    scores stay), a cycle through the seats solved in closed form; every banked turn leads to a
    tuple with a larger total, solved before it.
    """
    n = len(thresholds)
    outcomes = [[turn_outcomes(i, thresholds[m], target) for i in range(target)] for m in range(n)]
    win: dict[tuple[int, ...], list[list[float]]] = {}  # scores -> per mover: per seat win probability
    turns: dict[tuple[int, ...], list[float]] = {}  # scores -> per mover: expected turns from here
    tuples = sorted(_score_tuples(n, target), key=sum, reverse=True)
    for scores in tuples:
        # X_m = A_m + b_m X_{m+1}: the banked turns of mover m (A) and its bust probability (b)
        a_win, a_turns, bust = [], [], []
        for m in range(n):
            w, t = [0.0] * n, 1.0
            nxt = (m + 1) % n
            for points, p in outcomes[m][scores[m]].items():
                if points == 0:
                    continue
                if scores[m] + points >= target:
                    w[m] += p
                    continue
                after = scores[:m] + (scores[m] + points,) + scores[m + 1:]
                w = [x + p * y for x, y in zip(w, win[after][nxt])]
                t += p * turns[after][nxt]
            a_win.append(w)
            a_turns.append(t)
            bust.append(outcomes[m][scores[m]].get(0, 0.0))
        loop = 1.0
        first_win, first_turns = [0.0] * n, 0.0
        for k in range(n):  # X_0 = sum_k (b_0 ... b_{k-1}) A_k / (1 - b_0 ... b_{n-1})
            first_win = [x + loop * y for x, y in zip(first_win, a_win[k])]
            first_turns += loop * a_turns[k]
            loop *= bust[k]
        ws, ts = [None] * n, [0.0] * n
        ws[0], ts[0] = [x / (1 - loop) for x in first_win], first_turns / (1 - loop)
        for m in range(n - 1, 0, -1):  # X_m = A_m + b_m X_{m+1}, from the last mover back to the second
            nxt = ws[(m + 1) % n]
            ws[m] = [x + bust[m] * y for x, y in zip(a_win[m], nxt)]
            ts[m] = a_turns[m] + bust[m] * ts[(m + 1) % n]
        win[scores], turns[scores] = ws, ts
    start = (0,) * n
    return win[start][0], turns[start][0]


def _score_tuples(n: int, target: int):
    if n == 0:
        yield ()
        return
    for rest in _score_tuples(n - 1, target):
        for i in range(target):
            yield (i,) + rest
