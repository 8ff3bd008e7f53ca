"""Game id -> GameSpec.  Each game's package registers its spec when ``balance.games`` is imported."""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from balance.errors import BalanceError
from balance.rules import did_you_mean


@dataclass(frozen=True)
class Param:
    """A tunable parameter of a policy (a weight or a threshold)."""

    name: str
    default: float
    lo: float
    hi: float
    doc: str


@dataclass(frozen=True)
class Policy:
    """A scripted strategy: its name, the integer id the kernel dispatches on, and its parameters.

    A policy that stands for another one by seat (Angry Monsters' ``standard``: the glutton on a
    monster's seat, nearest_exit on the human's) gives ``plays(seat, players)``, the name of the
    policy the seat plays; that policy's id and parameters (with its defaults) go to the kernel.
    """

    name: str
    id: int
    description: str
    params: tuple[Param, ...] = ()
    players: tuple[int, int] | None = None  # player counts it supports, when narrower than the game's
    plays: Callable[[int, int], str] | None = None  # (seat from 1, players) -> the policy played there

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class Roles:
    """Fixed seat roles: the first seats play ``first`` (one role each, in seat order), the last seats
    play ``last``, and every seat between plays ``rest``.

    Angry Monsters declares ``Roles(rest="monster", last=("human",))``: every seat but the last is a
    monster, the last seat the human.  The seats of one role form a side.  Each player still plays to
    win alone, so the report judges the sides against their seats' share of the games and the seats of
    one role against each other, never a seat against a seat of another role.  A side is named by its
    role, plural when it has several seats (``plurals`` for a plural that is not the role and "s").
    """

    rest: str
    first: tuple[str, ...] = ()
    last: tuple[str, ...] = ()
    plurals: tuple[tuple[str, str], ...] = ()  # (role, plural), e.g. ("hero", "heroes")

    def of(self, players: int) -> list[str]:
        """The role of each seat, seats 1..players."""
        between = players - len(self.first) - len(self.last)
        if between < 0:
            raise ValueError(f"{players} players cannot fill the roles {self.first} and {self.last}")
        return [*self.first, *[self.rest] * between, *self.last]

    def side(self, role: str, seats: int) -> str:
        """How the report names a role's seats together: "the human", "the monsters"."""
        if seats == 1:
            return f"the {role}"
        return f"the {dict(self.plurals).get(role, role + 's')}"


@dataclass(frozen=True)
class Timeline:
    """How a game's scores by turn read (the record's ``scores_by_turn``), for the report's "How games unfold".

    The kernel calls ``score_turn`` after each of its turns.  ``seat_turns`` says that such a turn is one
    seat's turn, the seats playing in order (Pig; Angry Monsters), and the report then reads the scores
    after each round, every seat's turn (the last round cut short when the game ended in it); otherwise a
    turn is already the whole table's (Moongha's turn track).  ``step`` names what the report counts
    ("round", "turn") and ``note`` says it in a sentence for the captions.  ``comparable`` says whether
    the seat with the highest score after a step is the seat that would win if the game ended then; a
    game whose seats score in different units (Angry Monsters: buildings for a monster, meeples
    evacuated for the human) says why not in ``why_not``, and the report draws no comeback curve for it.
    """

    step: str = "turn"
    note: str = ""
    seat_turns: bool = False
    comparable: bool = True
    why_not: str = ""

    def __post_init__(self):
        if not self.comparable and not self.why_not:
            raise TypeError("a Timeline whose scores are not comparable says why (why_not)")


def run_title(game_name: str, scenario_name: str) -> str:
    """A run's title: the game and the scenario, the game named once ('Monsters on the Moon, solo', not
    'Monsters on the Moon: Monsters on the Moon, solo')."""
    return scenario_name if scenario_name.startswith(game_name) else f"{game_name}: {scenario_name}"


def readable(column: str) -> str:
    """A record column's name as words, for a column without a declared label: ``rubble_placed`` -> "rubble placed"."""
    return column.replace("_", " ")


@dataclass(frozen=True)
class GameSpec:
    """Everything the runner, the CLI and the report need to know about one game.

    The kernel contract (``balance.kit``): ``play_batch(n_games, first_game, lineup, seat_policy,
    seat_params, tables, columns, key, every, timelines, *extra_tables)`` plays games ``first_game ..``
    of a run and returns an int32 array of shape ``(n_games, len(columns(players)))``.  ``lineup[g, s]`` is the
    scenario seat whose policy sits at seat ``s`` in game ``g``; ``seat_policy`` and ``seat_params``
    are indexed by scenario seat; ``tables`` is the rules record (``tables.build(rules, players)``),
    ``columns`` the column index (``column_index``), ``key`` the run's random key
    (``balance.kit.rng.run_key``); every ``every``-th game keeps its scores after each turn in
    ``timelines`` (``balance.kit.columns.keep_turn_scores``).  ``extra_tables(rules, players,
    seat_policy)``, when given, adds arrays too large for the rules record (Pig's optimal-play table).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    rules_cls: type
    policies: tuple[Policy, ...]
    tables: Any  # balance.kit.Tables
    play_batch: Callable
    end_reasons: tuple[str, ...]
    extra_tables: Callable | None = None
    # for ``balance replay``: the state's layout, one game from its start (``play_game(s, t, *extra_tables)`` ->
    # winner, end reason, turns), the record of it, and the logged events in the rulebook's words
    # (``describe(events, seat labels, rules)`` -> lines)
    layout: Any = None
    play_game: Callable | None = None
    write_record: Callable | None = None
    describe: Callable | None = None
    check: Callable | None = None  # (rules, players, policy names) -> problems the rules alone can't see
    warnings: Callable | None = None  # rules -> what a designer should know of valid rules (the games still run)
    invariants: Callable | None = None  # (games frame, scenario) -> broken invariants, for the tests
    game_columns: tuple[str, ...] = ()  # one value per game
    seat_columns: tuple[str, ...] = ()  # one value per seat, stored as name_1 .. name_n
    # families of game columns a kernel writes in a loop: (group, (member, ...)), indexed as col.<group>[i]
    column_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    score_components: tuple[str, ...] = ()  # seat columns that add up to the score
    default_policy: str = "random"
    bench_policy: str = "random"
    bench_players: int | None = None  # default: the smallest player count
    seat_roles: str = ""  # for games whose seats play fixed roles: what each seat is (refuses rotate_seats)
    roles: Roles | None = None  # the fixed roles, declared (see Roles): the report judges fairness by side and role
    column_labels: Mapping[str, str] = field(default_factory=dict, hash=False)  # record column -> words for the report
    # seat columns that record a choice, value k (from 1) the k-th name (the monster a seat plays): the report
    # gives each choice's win rate instead of treating the column as a count
    seat_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    batch_games: int = 100_000  # games per batch for a large run (about a second of work)
    description: str = ""
    assumptions_doc: str = ""  # the docstring from its "Assumptions" heading: its list is ``readings``
    timeline: Timeline = Timeline()  # what one turn of scores_by_turn is, and whether the top score leads
    report_sections: tuple[Any, ...] = field(default=())  # balance.report.blocks.ReportSection(title, build)

    def __post_init__(self):
        if self.roles and not self.seat_roles:
            raise TypeError(f"{self.id}: declared roles need seat_roles, the words that refuse rotate_seats")
        unknown = set(self.column_labels) - {*self.game_columns, *self.seat_columns}
        if unknown:
            raise TypeError(f"{self.id}: column_labels name no record column: {', '.join(sorted(unknown))}")
        loose = {m for _, members in self.column_groups for m in members} - set(self.game_columns)
        if loose:
            raise TypeError(f"{self.id}: column_groups name no game column: {', '.join(sorted(loose))}")
        if set(self.seat_choices) - set(self.seat_columns):
            raise TypeError(f"{self.id}: seat_choices name no seat column: "
                            f"{', '.join(sorted(set(self.seat_choices) - set(self.seat_columns)))}")
        for p in self.policies:
            if p.plays and (p.params or not self.seat_roles):
                raise TypeError(f"{self.id}: policy {p.name!r} plays another policy by seat: it declares no "
                                f"parameters (they are that policy's) and needs fixed seat roles (seat_roles)")
            for players in range(self.min_players, self.max_players + 1):
                for seat in range(1, players + 1):
                    played = self.played(p.name, seat, players)
                    if played.plays:
                        raise TypeError(f"{self.id}: policy {p.name!r} plays {played.name!r}, which plays "
                                        f"another policy in turn")

    def policy(self, name: str) -> Policy:
        for p in self.policies:
            if p.name == name:
                return p
        raise BalanceError(f"{self.id}: unknown policy {name!r}{did_you_mean(name, self.policy_names)}; "
                           f"allowed: {', '.join(self.policy_names)}")

    def played(self, name: str, seat: int, players: int) -> Policy:
        """The policy that seat ``seat`` (from 1) plays when the scenario names ``name``: itself, or
        the policy it stands for there (see ``Policy.plays``)."""
        policy = self.policy(name)
        return self.policy(policy.plays(seat, players)) if policy.plays else policy

    def label(self, column: str) -> str:
        """The words the report uses for one of the game's record columns (``column_labels``, else the name)."""
        return self.column_labels.get(column) or readable(column)

    def seat_roles_of(self, players: int) -> list[str]:
        """Each seat's role (one role, "", for a game whose seats play no fixed roles)."""
        return self.roles.of(players) if self.roles else [""] * players

    @property
    def readings(self) -> list[str]:
        """How the engine reads the rulebook where it is silent or unclear: the bullets of ``assumptions_doc``."""
        return bullets(self.assumptions_doc)

    @property
    def policy_names(self) -> list[str]:
        return [p.name for p in self.policies]

    @property
    def max_params(self) -> int:
        return max((len(p.params) for p in self.policies), default=0) or 1

    def columns(self, players: int) -> list[str]:
        """The record's columns, in order (the kernel writes them by name: ``balance.kit.columns``)."""
        from balance.kit.columns import COMMON_COLUMNS

        seats = range(1, players + 1)
        cols = list(COMMON_COLUMNS)
        cols += [f"score_{s}" for s in seats] + [f"rank_{s}" for s in seats]
        cols += list(self.game_columns)
        cols += [f"{c}_{s}" for c in self.seat_columns for s in seats]
        return cols

    def column_index(self, players: int):
        """The kernel's column index for a run of ``players`` (``balance.kit.columns.column_index``)."""
        from balance.kit.columns import column_index

        return column_index(self.columns(players), self.game_columns, self.seat_columns, players, self.max_players,
                            self.column_groups)

    def kernel_inputs(self, rules, players: int, seat_policy) -> tuple:
        """``tables, columns, *extra_tables`` of ``play_batch`` for a scenario (built once per worker)."""
        extra = self.extra_tables(rules, players, seat_policy) if self.extra_tables else ()
        return (self.tables.build(rules, players), self.column_index(players), *extra)


_GAMES: dict[str, GameSpec] = {}


def bullets(text: str) -> list[str]:
    """The items of the first list in a docstring ('- ' or '* ', each item's further lines indented deeper), as one
    line of plain text each (``code`` marks dropped); the paragraph after the list ends it."""
    items: list[list[str]] = []
    indent = None  # the open item's marker's indent
    for line in text.splitlines():
        words = line.lstrip()
        depth = len(line) - len(words)
        if words[:2] in ("- ", "* "):
            items.append([words[2:]])
            indent = depth
        elif indent is not None and words and depth > indent:
            items[-1].append(words)
        elif words and items:
            break
        else:
            indent = None
    return [" ".join(item).replace("``", "") for item in items]


def engine_parts(engine) -> dict[str, Any]:
    """The fields of a ``GameSpec`` that a game's engine module gives by the kit's names (``docs/adding-a-game.md``):
    the kernel ``play_batch``; for ``balance replay`` the state's ``LAYOUT``, ``play_game`` and ``write_record``;
    and ``END_REASONS``."""
    return dict(play_batch=engine.play_batch, layout=engine.LAYOUT, play_game=engine.play_game,
                write_record=engine.write_record, end_reasons=engine.END_REASONS)


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def _import_game(module: str) -> None:
    from balance.kit.compile import drop_stale_kernels

    if module not in sys.modules:
        drop_stale_kernels(module)
    importlib.import_module(module)


def games() -> dict[str, GameSpec]:
    """Every registered game, by id (imports every game module)."""
    from balance.games import MODULES

    for module in MODULES.values():
        _import_game(module)
    return dict(_GAMES)


def get_game(game_id: str) -> GameSpec:
    """One game's spec, importing only that game's module."""
    from balance.games import MODULES

    if game_id in MODULES:
        _import_game(MODULES[game_id])
    if game_id not in _GAMES:
        known = games()
        raise BalanceError(f"unknown game {game_id!r}{did_you_mean(game_id, known)}; "
                           f"allowed: {', '.join(sorted(known))}")
    return _GAMES[game_id]


def broken_invariants(games, checks: dict) -> list[str]:
    """For a GameSpec's ``invariants``: each named check (a polars boolean expression per game) that
    some games break, as ``"name: broken in N games"``."""
    counts = games.select([(~expr).sum().alias(name) for name, expr in checks.items()]).row(0, named=True)
    return [f"{name}: broken in {count} games" for name, count in counts.items() if count]
