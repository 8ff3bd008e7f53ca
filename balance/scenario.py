"""Scenario files: TOML -> a validated :class:`Scenario`, with every problem reported at once.

A problem refuses the scenario; a warning (the game's ``GameSpec.warnings``, e.g. a meeple that
can never be evacuated) is kept in ``Scenario.warnings`` for the commands to print, and the games run.

```toml
game = "pig"
players = 2
games = 1_000_000
seed = 2026
[rules]
target_score = 100
[[seats]]
policy = "hold"
params = { threshold = 25 }
[[seats]]
policy = "optimal"
[run]
rotate_seats = true
```

``--set key=value`` edits the same tree before validation: ``games=5000``, ``rules.target_score=50``
(or just ``target_score=50``), ``seats.2.params.threshold=25`` (seats count from 1).  Setting a
seat's policy to another one resets that seat's parameters to the new policy's defaults.
"""

from __future__ import annotations

import hashlib
import json
import re
import stat
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from balance.errors import BalanceError
from balance.registry import GameSpec, get_game, games
from balance.rules import apply_overrides, did_you_mean, rule_keys, rules_record, shown

TOP_KEYS = ("game", "players", "games", "seed", "name", "description", "rules", "seats", "run")
SEAT_KEYS = ("policy", "params", "name")
RUN_KEYS = {"rotate_seats": False, "scores_by_turn": 100}
MAX_SCORES_BY_TURN = 1_000_000_000  # every game's index is below it
DEFAULT_GAMES = 100_000
DEFAULT_SEED = 1
MAX_SEED = 2**63 - 1
MAX_FILE_BYTES = 16 * 2**20  # a scenario is a short text; anything larger is the wrong file
MAX_DEPTH = 32  # tables and lists nested deeper than this are not a scenario
MAX_NAME = 200  # characters of a scenario's or a seat's name


@dataclass(frozen=True)
class Seat:
    """A seat in the scenario: its policy, every parameter value (defaults filled in), its label.

    ``name`` is the label the scenario gave (or ""); ``label`` is the one the results use.
    ``plays`` names the policy the seat plays when ``policy`` stands for another one by seat
    (see ``Policy.plays``); ``params`` are then that policy's.
    """

    policy: str
    params: dict[str, float]
    name: str = ""
    label: str = ""
    plays: str = ""

    @property
    def played(self) -> str:
        """The policy the kernel plays at this seat."""
        return self.plays or self.policy


@dataclass(frozen=True)
class Scenario:
    game: str
    players: int
    games: int
    seed: int
    name: str
    rules: Any
    seats: tuple[Seat, ...]
    rotate_seats: bool = False
    scores_by_turn: int = RUN_KEYS["scores_by_turn"]  # every Nth game keeps its scores after each turn (0: none)
    description: str = ""
    path: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)  # every value changed by --set
    warnings: tuple[str, ...] = ()  # what the designer should know but may well mean, one line each

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)

    @property
    def labels(self) -> list[str]:
        """The distinct strategies in play (a label per policy and parameter set)."""
        return list(dict.fromkeys(seat.label for seat in self.seats))

    def seat_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(policy id per scenario seat, parameter matrix), as the kernels take them."""
        spec = self.spec
        ids = np.array([spec.policy(seat.played).id for seat in self.seats], np.int64)
        params = np.zeros((len(self.seats), spec.max_params), np.float64)
        for i, seat in enumerate(self.seats):
            for j, p in enumerate(spec.policy(seat.played).params):
                params[i, j] = seat.params[p.name]
        return ids, params

    def resolved(self) -> dict[str, Any]:
        """Everything that determines the games, as stored in ``run.json``."""
        return {
            "name": self.name, "game": self.game, "players": self.players, "games": self.games,
            "seed": self.seed, "description": self.description, "path": self.path,
            "seats": [{"policy": s.policy, **({"plays": s.plays} if s.plays else {}), "params": s.params,
                       "label": s.label} for s in self.seats],
            "run": {"rotate_seats": self.rotate_seats, "scores_by_turn": self.scores_by_turn},
            "overrides": self.overrides,
            "rules": rules_record(self.rules),
        }

    def fingerprint(self) -> str:
        """A hash of everything that determines the games (not the number of games)."""
        resolved = self.resolved()
        del resolved["games"], resolved["path"], resolved["overrides"], resolved["description"]
        return hashlib.sha256(json.dumps(resolved, sort_keys=True).encode()).hexdigest()[:16]

    def with_changes(self, sets: list[str]) -> "Scenario":
        """The same scenario with ``--set key=value`` changes, validated again."""
        return from_dict(self._raw(), self.path or self.name, sets)

    def _raw(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "name": self.name, "description": self.description,
            "rules": {rv["key"]: rv["value"] for rv in rules_record(self.rules) if rv["changed"]},
            "seats": [{"policy": s.policy, "params": dict(s.params), **({"name": s.name} if s.name else {})}
                      for s in self.seats],
            "run": {"rotate_seats": self.rotate_seats, "scores_by_turn": self.scores_by_turn},
        }


def from_resolved(resolved: dict[str, Any]) -> Scenario:
    """The scenario a run played, from its ``run.json`` (``Scenario.resolved``): the same fingerprint."""
    raw = {key: resolved[key] for key in ("game", "players", "games", "seed", "name", "description")}
    raw["rules"] = {rv["key"]: list(rv["value"]) if isinstance(rv["value"], (list, tuple)) else rv["value"]
                    for rv in resolved["rules"] if rv["changed"]}
    raw["seats"] = [{"policy": s["policy"], "params": s["params"], "name": s["label"]} for s in resolved["seats"]]
    raw["run"] = resolved["run"]
    return from_dict(raw, resolved.get("path") or resolved["name"])


def load_scenario(path: str | Path, sets: list[str] | None = None) -> Scenario:
    """Read and validate a scenario file; raise :class:`BalanceError` listing every problem."""
    path = Path(path)
    raw = parse_toml(read_scenario_text(path), str(path))
    raw.setdefault("name", path.stem)
    return from_dict(raw, str(path), sets or [])


def read_scenario_text(path: Path) -> str:
    """The text of a scenario file: a regular UTF-8 file of at most 16 MB (a FIFO or a device would
    block or never end)."""
    try:
        info = path.stat()
    except OSError as e:
        raise BalanceError(f"{path}: cannot read the scenario ({e.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise BalanceError(f"{path}: cannot read the scenario ({what}); expected a .toml file")
    if info.st_size > MAX_FILE_BYTES:
        raise BalanceError(f"{path}: {info.st_size:,} bytes is not a scenario; expected a TOML text of at most "
                           f"{MAX_FILE_BYTES // 2**20} MB")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise BalanceError(f"{path}: cannot read the scenario ({e.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BalanceError(f"{path}: not a UTF-8 text file (byte {e.start:,} is {data[e.start]:#04x}); "
                           f"save the scenario as UTF-8 TOML") from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML text -> the raw tree, refusing trees nested more than 32 deep."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BalanceError(f"{where}: not valid TOML: {e}") from None
    except RecursionError:
        raise BalanceError(f"{where}: not valid TOML: nested too deeply; a scenario nests tables and lists "
                           f"at most {MAX_DEPTH} deep") from None
    if _depth(raw) > MAX_DEPTH:
        raise BalanceError(f"{where}: tables and lists nested more than {MAX_DEPTH} deep; a scenario nests "
                           f"at most {MAX_DEPTH} deep")
    return raw


def _depth(tree: Any) -> int:
    """How deep tables and lists nest in ``tree`` (walked without recursion, so any depth is safe)."""
    deepest, todo = 0, [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > MAX_DEPTH:
                    return depth + 1
                todo.append((child, depth + 1))
        deepest = max(deepest, depth)
    return deepest


def parse_set(item: str) -> tuple[str, Any]:
    """``key=value`` -> (key, value); the value is read as TOML, or kept as a string."""
    key, sep, text = item.partition("=")
    key = key.strip()
    if not sep or not key:
        raise BalanceError(f"--set {item!r}: expected key=value, e.g. --set rules.target_score=50")
    return key, parse_value(text, f"--set {item!r}")


def parse_value(text: str, where: str) -> Any:
    """A value from the command line, read as TOML (``3``, ``true``, ``[3, 4]``), or kept as text."""
    if any(ch in text for ch in "\n\r\0"):
        raise BalanceError(f"{where}: the value holds a line break or a NUL; expected a value on one line")
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):
        return text


def apply_sets(raw: dict[str, Any], sets: list[str], rules_keys: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Write ``--set`` values into the raw scenario tree; return (changes, problems)."""
    changes, problems = {}, []
    parsed = [parse_set(item) for item in sets]
    # a new policy starts from its own default parameters, then takes any params set alongside it
    parsed.sort(key=lambda kv: not re.fullmatch(r"seats\.\d+\.policy", kv[0]))
    for key, value in parsed:
        parts = key.split(".")
        if parts[0] not in TOP_KEYS and key in rules_keys:
            parts = ["rules", *parts]
        if parts[0] == "rules":
            if len(parts) < 2 or not all(parts[1:]):
                problems.append(f"--set {key}: expected rules.KEY=VALUE, e.g. rules.{rules_keys[0]}=...")
                continue
            raw["rules"][".".join(parts[1:])] = value
        elif parts[0] == "seats":
            seats = raw["seats"]
            if len(parts) < 3 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(seats) \
                    or not isinstance(seats[int(parts[1]) - 1], dict):
                problems.append(f"--set {key}: expected seats.N.policy or seats.N.params.NAME "
                                f"with N from 1 to {len(seats)}")
                continue
            node = seats[int(parts[1]) - 1]
            if parts[2:] == ["policy"] and node.get("policy") != value:
                node.pop("params", None)
            problem = _set_in(node, parts[2:], value, key, prefix=parts[:2])
            if problem:
                problems.append(problem)
                continue
        else:
            problem = _set_in(raw, parts, value, key)
            if problem:
                problems.append(problem)
                continue
        changes[".".join(parts)] = value
    return changes, problems


def _set_in(node: dict, parts: list[str], value: Any, key: str, prefix: list[str] = ()) -> str | None:
    """Set ``node[parts[0]]...[parts[-1]] = value``, making tables on the way; a problem when a
    part of the way is a value, not a table (``games.x``)."""
    for i, p in enumerate(parts[:-1]):
        child = node.setdefault(p, {})
        if not isinstance(child, dict):
            where = ".".join([*prefix, *parts[:i + 1]])
            return f"--set {key}: {where} is a value ({child!r}), not a table; set {where}=VALUE"
        node = child
    node[parts[-1]] = value
    return None


ONE_LINE = f"a text of 1 to {MAX_NAME} characters on one line (no line breaks or control characters)"


def _one_line(text: Any) -> bool:
    """A name: a text of one line, short enough to label a table row or a figure."""
    return isinstance(text, str) and 0 < len(text) <= MAX_NAME and text.strip() != "" \
        and not any(unicodedata.category(ch) == "Cc" for ch in text)


def _short(value: Any) -> str:
    """``shown(value)``, cut to a length that fits a one-line message."""
    text = shown(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out = {}
    for k, v in table.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[prefix + k] = v
    return out


def _int(raw, key, lo, hi, problems, where, default):
    """A whole number from ``lo`` to ``hi``: 1e5 too, as the rules take it."""
    value = raw.get(key, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        problems.append(f"{where}: {key}: {_short(value)} is not allowed; expected an integer from {lo:,} to {hi:,}")
        return default
    return value


def from_dict(raw: dict[str, Any], where: str = "<scenario>", sets: list[str] | None = None) -> Scenario:
    """Validate a raw scenario tree (as read from TOML)."""
    problems: list[str] = []
    known = games()
    sets = sets or []
    if _depth(raw) > MAX_DEPTH:
        raise BalanceError(f"{where}: tables and lists nested more than {MAX_DEPTH} deep; a scenario nests "
                           f"at most {MAX_DEPTH} deep")
    for key, value in map(parse_set, sets):
        if key == "game":  # the game decides what every other key means: set it first
            raw = {**raw, "game": value}
    game = raw.get("game")
    if not isinstance(game, str) or game not in known:
        hint = did_you_mean(game, known) if isinstance(game, str) else ""
        what = "missing" if game is None else f"unknown game {_short(game)}{hint}"
        raise BalanceError(f"{where}: game: {what}; allowed: {', '.join(sorted(known))}")
    spec = known[game]
    rule_names = rule_keys(spec.rules_cls)
    rules_raw, seats_in = raw.get("rules", {}), raw.get("seats", [])
    if not isinstance(rules_raw, dict):
        problems.append(f"{where}: rules: {_short(rules_raw)} is not allowed; expected a table such as "
                        f"[rules] {rule_names[0]} = ...")
        rules_raw = {}
    if not isinstance(seats_in, list) or "seats" in raw and not seats_in:  # seats = [] is no seat, not the default
        problems.append(f"{where}: seats: {_short(seats_in)} is not allowed; expected one [[seats]] table per "
                        f"seat, such as [[seats]] policy = \"{spec.default_policy}\" (or no seats, for the defaults)")
        seats_in = []
    raw = {**raw, "rules": _flatten(rules_raw), "seats": [dict(s) if isinstance(s, dict) else s for s in seats_in]}
    changes, set_problems = apply_sets(raw, sets, rule_names)
    problems += [f"{where}: {p}" for p in set_problems]

    for key in raw:
        if key not in TOP_KEYS:
            problems.append(f"{where}: {key}: unknown key{did_you_mean(key, TOP_KEYS)}; "
                            f"allowed: {', '.join(TOP_KEYS)}")
    seats_raw = raw["seats"]
    players = _int(raw, "players", spec.min_players, spec.max_players, problems, where,
                   len(seats_raw) or spec.min_players)
    n_games = _int(raw, "games", 1, 10**12, problems, where, DEFAULT_GAMES)
    seed = _int(raw, "seed", 0, MAX_SEED, problems, where, DEFAULT_SEED)
    name = raw.get("name", game)
    if not _one_line(name):
        problems.append(f"{where}: name: {_short(name)} is not allowed; expected {ONE_LINE}")
        name = game
    description = raw.get("description", "")
    if not isinstance(description, str) or "\0" in description:
        problems.append(f"{where}: description: {_short(description)} is not allowed; expected a text")
        description = ""

    rules, rule_problems = apply_overrides(spec.rules_cls, raw["rules"], misplaced=TOP_KEYS)
    problems += [f"{where}: {p}" for p in rule_problems]

    if not seats_raw:
        seats_raw = [{"policy": spec.default_policy}] * players
    elif len(seats_raw) != players:
        problems.append(f"{where}: seats: {len(seats_raw)} [[seats]] tables for {players} "
                        f"player{'' if players == 1 else 's'}; give one per seat")
    seats = [_seat(spec, s, i + 1, players, where, problems) for i, s in enumerate(seats_raw)]
    seats = [s for s in seats if s is not None]

    run = raw.get("run") or {}
    rotate, every = RUN_KEYS["rotate_seats"], RUN_KEYS["scores_by_turn"]
    if not isinstance(run, dict):
        problems.append(f"{where}: run: expected a table such as [run] rotate_seats = true")
        run = {}
    for key, value in run.items():
        if key not in RUN_KEYS:
            problems.append(f"{where}: run.{key}: unknown key{did_you_mean(key, RUN_KEYS)}; "
                            f"allowed: {', '.join(RUN_KEYS)}")
        elif key == "rotate_seats":
            if not isinstance(value, bool):
                problems.append(f"{where}: run.{key}: {_short(value)} is not allowed; expected true or false")
            else:
                rotate = value
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SCORES_BY_TURN:
            problems.append(f"{where}: run.{key}: {_short(value)} is not allowed; expected an integer from 0 to "
                            f"{MAX_SCORES_BY_TURN:,}: every Nth game keeps its scores after each turn (1: every "
                            f"game, 0: none)")
        else:
            every = value

    if rotate and spec.seat_roles:
        problems.append(f"{where}: run.rotate_seats: not for {spec.name}: its seats play fixed roles "
                        f"({spec.seat_roles})")
    seats = _labelled(seats)
    problems += _shared_names(seats, where)
    if not problems and spec.check:
        problems += [f"{where}: {p}" for p in spec.check(rules, players, [s.policy for s in seats])]
    if problems:
        raise BalanceError(*problems)
    warnings = tuple(f"{where}: {w}" for w in (spec.warnings(rules) if spec.warnings else []))
    return Scenario(game=game, players=players, games=n_games, seed=seed, name=name, rules=rules,
                    seats=tuple(seats), rotate_seats=rotate, scores_by_turn=every, description=description,
                    path=where, overrides=changes, warnings=warnings)


def _seat(spec: GameSpec, raw: Any, number: int, players: int, where: str, problems: list[str]):
    key = f"seats.{number}"
    if not isinstance(raw, dict):
        problems.append(f"{where}: {key}: expected a [[seats]] table with policy = \"...\"")
        return None
    for k in raw:
        if k not in SEAT_KEYS:
            moved = "; a scenario key written after [[seats]] belongs above it" if k in TOP_KEYS else ""
            problems.append(f"{where}: {key}.{k}: unknown key{did_you_mean(k, SEAT_KEYS)}; "
                            f"allowed: {', '.join(SEAT_KEYS)}{moved}")
    name = raw.get("policy")
    policy = next((p for p in spec.policies if p.name == name), None)
    if policy is None:
        what = "missing" if name is None else f"unknown policy {name!r}{did_you_mean(str(name), spec.policy_names)}"
        problems.append(f"{where}: {key}.policy: {what}; allowed: {', '.join(spec.policy_names)}")
        return None
    if policy.players and not policy.players[0] <= players <= policy.players[1]:
        problems.append(f"{where}: {key}.policy: {name!r} plays with {policy.players[0]} to "
                        f"{policy.players[1]} players, not {players}")
    played = spec.played(name, number, players)
    given = raw.get("params") or {}
    if not isinstance(given, dict):
        problems.append(f"{where}: {key}.params: expected a table such as {{ threshold = 20 }}")
        given = {}
    params = {p.name: float(p.default) for p in played.params}
    for pname, value in given.items():
        p = played.param(pname)
        if p is None:
            allowed = ", ".join(q.name for q in played.params) or "none"
            whose = f"policy {name!r}" if played is policy else f"policy {name!r} (here {played.name!r})"
            problems.append(f"{where}: {key}.params.{pname}: {whose} has no such parameter"
                            f"{did_you_mean(pname, params)}; allowed: {allowed}")
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not p.lo <= value <= p.hi:
            problems.append(f"{where}: {key}.params.{pname}: {value!r} is not allowed; "
                            f"expected a number from {p.lo:g} to {p.hi:g}")
        else:
            params[pname] = float(value)
    label = raw.get("name")
    if label is not None and not _one_line(label):
        problems.append(f"{where}: {key}.name: {_short(label)} is not allowed; expected {ONE_LINE}")
        label = None
    return Seat(policy=name, params=params, name=label or "", plays="" if played is policy else played.name)


def _labelled(seats: list[Seat]) -> list[Seat]:
    """Label each seat's strategy: its policy name, with its parameters where the name is ambiguous
    (a policy that stands for others by seat is one strategy while each seat plays its defaults)."""
    variants: dict[tuple, set] = {}
    for s in seats:
        variants.setdefault((s.policy, s.played), set()).add(tuple(sorted(s.params.items())))
    out = []
    for s in seats:
        label = s.name
        if not label:
            label = s.policy
            if len(variants[(s.policy, s.played)]) > 1:
                label += "(" + ", ".join(f"{k}={v:g}" for k, v in s.params.items()) + ")"
        out.append(Seat(s.policy, s.params, s.name, label, s.plays))
    return out


def _shared_names(seats: list[Seat], where: str) -> list[str]:
    """Seats whose label is the same but whose strategies differ (the results would merge them).  A policy
    that stands for another by seat (Angry Monsters' ``standard``) is one strategy whatever it plays: only
    seats that play the same policy are compared."""
    first: dict[tuple[str, str], tuple[int, Seat]] = {}
    problems = []
    for number, seat in enumerate(seats, 1):
        n, other = first.setdefault((seat.label, seat.plays), (number, seat))
        if (other.policy, other.params) != (seat.policy, seat.params):
            problems.append(f"{where}: seats.{number}.name: {seat.label!r} already names seats.{n}, which plays "
                            f"{_strategy(other)}, not {_strategy(seat)}; give each strategy its own name")
    return problems


def _strategy(seat: Seat) -> str:
    return seat.policy + ("(" + ", ".join(f"{k}={v:g}" for k, v in seat.params.items()) + ")" if seat.params else "")


def scenario_toml(scenario: Scenario, comment: str = "") -> str:
    """The scenario as a complete TOML file (every seat's parameters written out) that
    ``load_scenario`` reads back to the same games; ``comment`` heads it, one ``#`` line per line."""
    from balance.rules import to_toml_value

    def value(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else to_toml_value(v)  # JSON escapes are TOML's

    raw = scenario._raw()
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += [f"{k} = {value(raw[k])}" for k in ("game", "name", "description", "players", "games", "seed")
              if raw[k] != "" or k != "description"]
    if raw["rules"]:
        lines += ["", "[rules]", *[f"{k} = {value(tuple(v) if isinstance(v, list) else v)}"
                                   for k, v in raw["rules"].items()]]
    for seat in raw["seats"]:
        lines += ["", "[[seats]]", f"policy = {value(seat['policy'])}"]
        if seat.get("name"):
            lines.append(f"name = {value(seat['name'])}")
        if seat["params"]:
            lines.append("params = { " + ", ".join(f"{k} = {value(v)}" for k, v in seat["params"].items()) + " }")
    lines += ["", "[run]", f"rotate_seats = {value(scenario.rotate_seats)}"]
    return "\n".join(lines) + "\n"
