"""One game of Pig told in the rules' words, from the events its engine logs (``balance replay``)."""

from balance.games.pig.engine import BUSTED, HELD, ROLLED, TIMED_OUT, TURN, WON


def describe(events, seats: list[str], rules) -> list[str]:
    """The lines of a replayed game: one per turn (its rolls, then the hold or the bust), and the end."""
    lines: list[str] = []
    rolls: list[str] = []
    for kind, a, b, c, _ in events:
        if kind == TURN:
            lines.append(f"Turn {a}: {seats[b]} at {c} points")
            rolls = []
        elif kind == ROLLED:
            rolls.append(str(a))
        elif kind == BUSTED:
            lines[-1] += f": rolls {', '.join(rolls)} - a {rules.bust_face}: loses the turn total of {a}"
        elif kind == HELD:
            said = f"rolls {', '.join(rolls)}, holds" if rolls else "holds at once"
            lines[-1] += f": {said} and banks {a} ({b} points)"
        elif kind == WON:
            lines.append(f"{seats[a]} reaches {b} points (the target is {rules.target_score}) and wins")
        elif kind == TIMED_OUT:
            lines.append(f"The game stops after {a} turns (rules.max_turns): no winner")
    return lines
