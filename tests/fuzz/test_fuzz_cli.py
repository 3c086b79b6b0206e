"""Family ``cli-args``: bad command lines for every subcommand of ``riskboard``.

Each case starts from a quick valid command line and breaks one thing: an option's value (wrong,
missing, huge, negative, not a number, out of range), an unknown option or command, a bad bot
name or bot file, or a bad file of one of many kinds (empty, truncated saves and records, deeply
nested JSON, binary, NUL bytes, UTF-16, huge numbers, NaN, wrong schemas, a folder, a symlink
loop, a sparse file past the size bound, a full disk to write to). The documented outcome is
exit code 2 with one line on stderr, ``riskboard COMMAND: error: ...`` (or argparse's ``riskboard
...: error: ...``), and no traceback. Cases are run in-process through ``main(argv)``; a few run
through a real ``python -m riskboard`` too.

Some edits may leave a valid input (a save with one field retyped that the loader accepts): those
cases are "maybe" and may also exit 0; never with a traceback or another exit code.

Escapes: ``ExitCode<n>`` (another exit code; 1 is riskboard's own failure), ``NotOneLine``,
``Traceback``, and the type of anything that escaped ``main``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import riskboard as rb
from fuzz.tally import Tally
from riskboard.cli import main
from riskboard.engine.records import MAX_TEXT

FAMILY = "cli-args"

ODDS = ["odds", "3", "2"]
SIMULATE = ["simulate", "--games", "1", "--max-turns", "2", "--players", "2", "-q"]
TOURNAMENT = ["tournament", "--bots", "aggressive,random", "--games", "1", "--max-turns", "2", "--workers", "1", "-q"]

NOT_NUMBERS = ["", " ", "abc", "1.5", "1e3", "0x10", "nan", "inf", "--", "١٢x", "1_000_000_000_000x", "9" * 5000]
NEGATIVE = ["-1", "-7", "-99999999999999999999"]
HUGE = [str(10**30), "9" * 300]
UNKNOWN_NAMES = ["chess", "", " ", "CLASSIC!", "clasic", "risk2011", "x" * 500, "ålänning", "\u200b", "../classic"]
BAD_ADDRESSES = [
    "nonsense",
    "tcp://",
    "tcp://host",
    "foo://x:1",
    ":::",
    "tcp://[::1",
    "inproc://nowhere",
    "tcp://x:abc",
]
"""Scheduler addresses Dask refuses at once (an unreachable one would cost its 10 s timeout)."""


@dataclass(frozen=True)
class Case:
    argv: list[str]
    maybe: bool = False  # the input may turn out valid: exit 0 is allowed too


# -- bad files -----------------------------------------------------------------------------------
@dataclass
class Files:
    folder: Path
    save: str
    record: str
    counter: int = 0

    def write(self, content: str | bytes, suffix: str = ".json") -> str:
        self.counter += 1
        path = self.folder / f"f{self.counter}{suffix}"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return str(path)


def nested(rng: random.Random) -> str:
    depth = rng.choice([65, 200, 999, 1000, 5000, 100_000])
    if rng.random() < 0.5:
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "0" + "}" * depth


def retyped(rng: random.Random, text: str) -> str:
    """A save or record with one field, somewhere in it, replaced by a value of another JSON type."""
    data = json.loads(text)
    spots = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                spots.append((node, key))
                walk(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                spots.append((node, i))
                walk(value)

    walk(data)
    parent, key = rng.choice(spots)
    old = parent[key]  # type: ignore[index]
    others = [v for v in (None, -1, 10**40, 1.5, "x", [], {}, [[[]]], True) if type(v) is not type(old)]
    parent[key] = rng.choice(others)  # type: ignore[index]
    return json.dumps(data)


def bad_file(rng: random.Random, files: Files) -> tuple[str, bool]:
    """A path to a file no save or record can be (or ``maybe`` one), and whether it is a maybe."""
    save = Path(files.save).read_text(encoding="utf-8")
    record = Path(files.record).read_text(encoding="utf-8")
    kind = rng.randrange(17)
    if kind == 0:
        return files.write(""), False
    if kind == 1:
        text = rng.choice([save, record])
        return files.write(text[: rng.randrange(1, len(text) - 1)]), False
    if kind == 2:
        return files.write(nested(rng)), False
    if kind == 3:
        inner = nested(rng)
        return files.write('{"format": "riskboard/game", "schema": 2, "state": ' + inner + "}"), False
    if kind == 4:
        return files.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))), False
    if kind == 5:
        return files.write(save.encode("utf-16")), False
    if kind == 6:
        return files.write(
            rng.choice(["1" * 5000, "1e999", "-1e999", '{"format": 1e999}', "[" + "9" * 4000 + "]"])
        ), False
    if kind == 7:
        return files.write(rng.choice(["NaN", '{"format": NaN}', "Infinity", '{"a": -Infinity}'])), False
    if kind == 8:
        shapes = ["[]", "null", "5", '"riskboard/game"', "{}", '{"format": "riskboard/game"}', '{"format": []}',
                  '{"format": "riskboard/record", "actions": 5}', '{"format": "riskboard/record"}',
                  '{"format": "someone/else"}']  # fmt: skip
        return files.write(rng.choice(shapes)), False
    if kind in (9, 10, 11):
        return files.write(retyped(rng, rng.choice([save, record]))), True
    if kind == 12:
        folder = files.folder / f"d{rng.randrange(10**9)}.json"
        folder.mkdir(exist_ok=True)
        return str(folder), False
    if kind == 13:
        files.counter += 1
        a, b = files.folder / f"loop{files.counter}a", files.folder / f"loop{files.counter}b"
        os.symlink(b, a)
        os.symlink(a, b)
        return str(a), False
    if kind == 14:
        return str(files.folder / f"absent{rng.randrange(10**9)}.json"), False
    if kind == 15:
        return files.write(save.replace('"', "'", 1)), False
    return files.write("\ufeff" + save), True  # a byte-order mark: refused or read, never a crash


def sparse_file(files: Files) -> str:
    """A file past the size bound (sparse: it costs no disk)."""
    path = files.folder / "sparse.json"
    with open(path, "wb") as f:
        f.truncate(MAX_TEXT + 10)
    return str(path)


BOT_FILES = {
    "syntax": "def (:\n",
    "nul": "x = 1\x00\n",
    "raises": "raise RuntimeError('at import')\n",
    "exits": "import sys\nsys.exit(3)\n",
    "empty": "",
    "number": "Bot = 5\n",
    "needs_arguments": "class Bot:\n    def __init__(self, a, b):\n        pass\n    def act(self, view):\n        return 'end'\n",
    "two_arguments": "def Bot(view, more):\n    return 'end'\n",
    "no_act": "class Bot:\n    pass\n",
    "factory_fails": "def Bot():\n    raise ValueError('no bot today')\n",
    "factory_exits": "import sys\ndef Bot():\n    sys.exit(4)\n",
}


def bad_bot(rng: random.Random, files: Files) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(["clever", "aggressive,", ",", "a,,b", " ", "random:", ":Bot", "no_such_module_xyz:Bot"])
    if kind == 1:
        return rng.choice(
            ["..:Bot", ".x:Bot", "riskboard.bots:Clever", "riskboard:__version__", "os:path", "json:JSONDecodeError"]
        )
    if kind == 2:
        return f"{files.folder / 'absent_bots.py'}:Bot"
    if kind == 3:
        folder = files.folder / f"pkg{rng.randrange(10**9)}.py"
        folder.mkdir(exist_ok=True)
        return f"{folder}:Bot"
    which = rng.choice(sorted(BOT_FILES))
    path = files.write(BOT_FILES[which], suffix=".py")
    return f"{path}:Bot"


# -- the command lines ---------------------------------------------------------------------------
def bad_int(rng: random.Random, negative: bool = True, huge: bool = True) -> str:
    pool = NOT_NUMBERS + (NEGATIVE if negative else []) + (HUGE if huge else [])
    return rng.choice(pool)


def cases(rng: random.Random, files: Files, n: int) -> Iterator[Case]:
    makers = [odds_case, simulate_case, tournament_case, render_case, general_case]
    for i in range(n):
        yield makers[i % len(makers)](rng, files)


def odds_case(rng: random.Random, files: Files) -> Case:
    kind = rng.randrange(8)
    if kind == 0:
        return Case(["odds", bad_int(rng), "2"])
    if kind == 1:
        return Case(["odds", "3", rng.choice(["1001", *NEGATIVE, *NOT_NUMBERS[:6]])])
    if kind == 2:
        return Case(["odds", "--table", rng.choice(["1001", "-2", "x", "3"]), rng.choice(["1001", "-2", "y"])])
    if kind == 3:
        item = rng.choice(
            ["foo=1", "sides", "=", "sides=1", "sides=21", "attack_dice=0", "attack_dice=7", "defence_dice=0",
             "ties=nobody", "ties=", "attack_bonus=-1", "attack_bonus=101", "rerolls=-1", "sides=abc", "sides=" + "9" * 5000]
        )  # fmt: skip
        return Case([*ODDS, "--rules", item])
    if kind == 4:
        return Case([*ODDS, "--csv", str(files.folder / "odds.csv")])  # --csv without --table
    if kind == 5:
        target = rng.choice([str(files.folder), str(files.folder / "no" / "x.csv"), "/dev/full"])
        return Case(["odds", "--table", "3", "3", "--csv", target])
    if kind == 6:
        return Case(["odds"])
    return Case(["odds", "3", "2", "1"])


def simulate_case(rng: random.Random, files: Files) -> Case:
    kind = rng.randrange(9)
    if kind == 0:
        return Case([*SIMULATE, "--ruleset", rng.choice(UNKNOWN_NAMES)])
    if kind == 1:
        return Case([*SIMULATE, "--players", rng.choice(["0", "1", "7", *NEGATIVE, *HUGE, *NOT_NUMBERS])])
    if kind == 2:
        return Case([*SIMULATE, "--variant", rng.choice(["nope", "", "two_player", "STANDARD!"])])
    if kind == 3:
        return Case([*SIMULATE, "--bots", bad_bot(rng, files)])
    if kind == 4:
        return Case([*SIMULATE, "--games", rng.choice(["0", "10000001", *NEGATIVE, *HUGE, *NOT_NUMBERS])])
    if kind == 5:
        return Case([*SIMULATE, "--seed", rng.choice([str(2**64), *HUGE, *NOT_NUMBERS])])
    if kind == 6:
        return Case([*SIMULATE, "--max-turns", rng.choice([*NEGATIVE, *NOT_NUMBERS])])
    if kind == 7:
        a_file = files.write("x")
        return Case([*SIMULATE, "--save-records", rng.choice([a_file, f"{a_file}/below", "/dev/full/x"])])
    return Case([*SIMULATE, "--ruleset", "risk2010", "--players", "2"])  # two players need variant=two_player


def tournament_case(rng: random.Random, files: Files) -> Case:
    kind = rng.randrange(12)
    if kind == 0:
        return Case([*TOURNAMENT, "--ruleset", rng.choice(UNKNOWN_NAMES)])
    if kind == 1:
        return Case([*TOURNAMENT, "--variant", rng.choice(["nope", "", "secret missions"])])
    if kind == 2:
        return Case(["tournament", "--bots", bad_bot(rng, files), "--games", "1", "--workers", "1", "-q"])
    if kind == 3:
        return Case(["tournament", "--bots", f"aggressive,{bad_bot(rng, files)}", "--games", "1", "--workers", "1"])
    if kind == 4:
        return Case([*TOURNAMENT, "--players", rng.choice(["0", "3", *NEGATIVE, *HUGE, *NOT_NUMBERS])])
    if kind == 5:
        return Case([*TOURNAMENT, "--games", rng.choice(["0", "10000001", *NEGATIVE, *HUGE, *NOT_NUMBERS])])
    if kind == 6:
        return Case([*TOURNAMENT, "--workers", rng.choice(["0", "1025", *NEGATIVE, *HUGE, *NOT_NUMBERS])])
    if kind == 7:
        return Case([*TOURNAMENT, "--max-turns", rng.choice([*NEGATIVE, *NOT_NUMBERS])])
    if kind == 8:
        return Case([*TOURNAMENT, "--seed", rng.choice(NOT_NUMBERS)])
    if kind == 9:
        target = rng.choice([str(files.folder), str(files.folder / "no" / "t.csv")])
        return Case([*TOURNAMENT, "--csv", target])
    if kind == 10:
        return Case([*TOURNAMENT, "--time-limit", rng.choice(["0", "-1", "nan", "inf", "-inf", "soon", "", "1e400"])])
    return Case([*TOURNAMENT, "--scheduler", rng.choice([*BAD_ADDRESSES, ""])])


def render_case(rng: random.Random, files: Files) -> Case:
    out = str(files.folder / "out.svg")
    kind = rng.randrange(6)
    if kind <= 2:
        path, maybe = bad_file(rng, files)
        return Case(["render", path, "-o", out], maybe=maybe)
    if kind == 3:
        return Case(
            [
                "render",
                files.save,
                "-o",
                rng.choice([str(files.folder), str(files.folder / "no" / "x.svg"), "/dev/full"]),
            ]
        )
    if kind == 4:
        return Case(["render", files.save, "-o", out, "--player", rng.choice(["Zed", "", "ada", "x" * 300])])
    return Case(["render", files.record, "-o", out, "--player"])  # a missing value


def general_case(rng: random.Random, files: Files) -> Case:
    base = rng.choice([ODDS, SIMULATE, TOURNAMENT, ["render", files.save]])
    kind = rng.randrange(5)
    if kind == 0:
        return Case([*base, rng.choice(["--nope", "-z", "--games=", "--=", "--bots=", "---", "-qq5", "--time-limit"])])
    if kind == 1:
        return Case([rng.choice(["chess", "Odds", "", "-", "simulat", "--odds"]), *base[1:]])
    if kind == 2:
        return Case([])
    if kind == 3:
        return Case([*base, "extra", "positional"])
    if base[0] == "odds":
        return Case(["odds", "--table", "3"])  # the value of an option missing at the end
    if base[0] == "render":
        return Case([*base, rng.choice(["-o", "--output", "--player"])])
    options = [a for a in base if a.startswith("--")]
    return Case(base[: base.index(rng.choice(options)) + 1])


# -- running -------------------------------------------------------------------------------------
def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def judge(tally: Tally, case: Case, code: int, out: str, err: str) -> None:
    what = f"riskboard {' '.join(a[:60] for a in case.argv)}"
    if "Traceback" in err or "Traceback" in out:
        tally.escape("Traceback", f"{what}: {err[-600:]}")
    if code == 0 and case.maybe:
        return
    if code != 2:
        tally.escape(f"ExitCode{code}", f"{what}: {err[-400:]}")
        return
    lines = [line for line in err.splitlines() if line.strip()]
    if len(lines) != 1 or not lines[0].startswith("riskboard") or ": error: " not in lines[0]:
        tally.escape("NotOneLine", f"{what}: {err[-400:]!r}")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    folder = tmp_path_factory.mktemp("cli_fuzz")
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=3)
    save, record = folder / "saved.json", folder / "record.json"
    game.save(str(save))
    record.write_text(json.dumps(game.record()), encoding="utf-8")
    return Files(folder, str(save), str(record))


def test_bad_command_lines_in_process(fuzz_size: int, files: Files, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(files.folder)  # a valid render by chance writes board.svg here, not in the project
    monkeypatch.delenv("RISKBOARD_DEBUG", raising=False)
    tally = Tally(FAMILY)
    rng = random.Random("cli")
    extra = [Case(["render", sparse_file(files), "-o", "out.svg"]), Case(["render", "/dev/zero", "-o", "out.svg"])]
    for case in [*extra, *cases(rng, files, 160 * fuzz_size)]:
        with tally.case(case.argv):
            try:
                code, out, err = run_main(case.argv)
            except Exception:
                raise  # counted under its type
            except BaseException as exc:  # SystemExit, KeyboardInterrupt out of main
                tally.escape(type(exc).__name__, f"{case.argv}: {exc!r}")
                continue
            judge(tally, case, code, out, err)
    tally.report()


def test_bad_command_lines_in_a_real_process(fuzz_size: int, files: Files) -> None:
    """A few cases through ``python -m riskboard``, run side by side; stdin too."""
    tally = Tally(FAMILY)
    rng = random.Random("cli-subprocess")
    chosen = [
        Case(["render", files.write(nested(rng)), "-o", str(files.folder / "o.svg")]),
        Case([*TOURNAMENT, "--scheduler", "nonsense"]),
        Case([*TOURNAMENT, "--time-limit", "-1"]),
        Case(["simulate", "--bots", bad_bot(rng, files), "-q"]),
    ]
    chosen += [rng.choice([odds_case, tournament_case, render_case])(rng, files) for _ in range(2 * fuzz_size)]
    stdin = [b"", b"\xff\xfe\x00 binary", b"[" * 100_000]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("RISKBOARD_DEBUG", None)
    running = []
    for case in chosen:
        running.append((case, None, _start(case.argv, env)))
    for data in stdin:
        case = Case(["render", "-", "-o", str(files.folder / "stdin.svg")])
        running.append((case, data, _start(case.argv, env)))
    for case, data, process in running:
        with tally.case(case.argv):
            out, err = process.communicate(data, timeout=120)
            judge(tally, case, process.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))
    tally.report()


def _start(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "riskboard", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
