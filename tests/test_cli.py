"""The ``riskboard`` command: every subcommand's help, one real run of each, and bad input refused
with exit code 2 and one line on stderr (no traceback). ``main`` is called directly, and through
``python -m riskboard`` in a subprocess."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import riskboard as rb
from riskboard.cli import BUILT_IN_BOTS, CliError, load_bot, main, outcome_chart, parse_rules
from riskboard.i18n import format_percent

COMMANDS = {
    "odds": ["--rules", "--table", "--csv", "example"],
    "simulate": ["--ruleset", "--players", "--variant", "--bots", "--games", "--seed", "--max-turns", "--save-records"],
    "tournament": ["--ruleset", "--bots", "--games", "--seed", "--workers", "--csv", "--scheduler", "--time-limit"],
    "render": ["-o", "--output", "--player", "example"],
}
BOT_FILE = '''
import riskboard as rb
from riskboard.i18n import format_percent


class Cautious(rb.bots.Random):
    """A user's bot: the random bot under another name."""
'''


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str, words: str) -> str:
    """The command exits with 2, prints nothing on stdout and one line on stderr naming ``words``."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert out == ""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"riskboard {argv[0]}: error: ") and words in lines[0], lines[0]
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, rb.Game]:
    """A classic game played a few turns: saved (to_json) and recorded (record())."""
    game = rb.new_game("classic", players=["Ada", "Bo", "Cy"], seed=3)
    game.play({p: rb.bots.Aggressive(seed=i) for i, p in enumerate(game.players)}, max_turns=5)
    folder = tmp_path_factory.mktemp("games")
    saved, record = folder / "saved.json", folder / "record.json"
    game.save(str(saved))
    record.write_text(json.dumps(game.record()), encoding="utf-8")
    return saved, record, game


# -- help and version -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_explains_itself(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert f"riskboard {command}" in out
    for option in COMMANDS[command]:
        assert option in out, option
    assert "riskboard " + command + " " in out.split("example", 1)[1]  # the example is a real command line


def test_the_top_help_lists_the_commands_and_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and all(c in out for c in COMMANDS)
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"riskboard {rb.__version__}"
    code, _, err = run(capsys)
    assert code == 2 and "COMMAND" in err


# -- odds -------------------------------------------------------------------------------------------


def test_odds_of_three_against_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds", "3", "2")
    assert code == 0 and err == ""
    odds = rb.battle_odds(3, 2)
    assert f"{odds.p_win:.2%}" in out and "65.60%" in out
    assert f"attacker {odds.expected_attacker_losses:.2f}, defender {odds.expected_defender_losses:.2f}" in out
    chart = [line for line in out.splitlines() if " left " in line]
    assert [line.split(",")[0].strip() for line in chart] == ["attacker conquers"] * 3 + ["defender holds"] * 2
    for line, ((a, d), p) in zip(chart, odds.outcomes.items()):  # the same order: attacker's best first
        assert f"{a or d} left" in line and line.endswith(f"{p:.2%}")
    longest = max(chart, key=lambda line: line.count("█"))
    assert "3 left" in longest and longest.count("█") == 40  # the likeliest end has the full bar


def test_odds_follow_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "10", "10", "--rules", "defence_dice=3", "ties=attacker")
    rules = rb.Rules(defence_dice=3, ties="attacker")
    assert code == 0 and f"{rb.battle_odds(10, 10, rules=rules).p_win:.2%}" in out
    assert "defender up to 3" in out and "ties to the attacker" in out
    assert parse_rules(["attack-dice=2", "defense_dice=1"]) == rb.Rules(attack_dice=2, defence_dice=1)


def test_a_long_battle_is_grouped_and_its_rare_ends_summed() -> None:
    lines = outcome_chart(rb.battle_odds(300, 200))
    assert len(lines) <= 34 and "–" in lines[0]
    assert "left out" in lines[-1]
    shown = sum(float(line.rsplit(None, 1)[1].rstrip("%")) for line in lines[:-1])
    rest = float(lines[-1].split(": ")[1].split("%")[0])
    assert shown + rest == pytest.approx(100, abs=0.01 * len(lines))


def test_the_odds_table_as_text_and_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "odds", "--table", "5", "4")
    assert code == 0
    rows = out.splitlines()
    assert rows[1].split() == ["A\\D", "1", "2", "3", "4"] and len(rows) == 7
    assert rows[4].split()[1:] == [f"{p:.3f}" for p in rb.odds_table(5, 4).p_win[3, 1:]]
    path = tmp_path / "odds.csv"
    code, out, err = run(capsys, "odds", "--table", "6", "3", "--rules", "sides=8", "--csv", str(path))
    assert code == 0 and out == "" and str(path) in err
    table = list(csv.reader(io.StringIO(path.read_text())))
    assert table[0] == ["attackers", "1", "2", "3"] and len(table) == 7
    exact = rb.odds_table(6, 3, rules=rb.Rules(sides=8))
    assert [float(x) for x in table[6][1:]] == pytest.approx(exact.p_win[6, 1:].tolist(), abs=1e-6)


def test_odds_answer_past_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "3000", "3500")
    assert code == 0 and "3000 attacking against 3500 defending" in out
    assert format_percent(rb.battle_odds(3000, 3500).p_win, 2) in out and "How the battle ends:" in out


def test_odds_refuse_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    refused(capsys, "odds", words="give A D")
    refused(capsys, "odds", "3", "2", "--rules", "foo=1", words="--rules knows")
    refused(capsys, "odds", "3", "2", "--rules", "ties=nobody", words="ties must be one of")
    refused(capsys, "odds", "3", "2", "--rules", "sides", words="KEY=VALUE")
    refused(capsys, "odds", "10001", "2", words="from 0 to 10000")  # what a territory may hold
    refused(capsys, "odds", "3", "2", "--csv", str(tmp_path / "x.csv"), words="--table")
    refused(capsys, "odds", "--table", "3", "3", "--csv", str(tmp_path / "no" / "x.csv"), words="cannot write")
    code, _, err = run(capsys, "odds", "-3", "2")  # argparse's own usage error
    assert code == 2 and "0 or more armies" in err


# -- simulate -----------------------------------------------------------------------------------------


def test_simulate_two_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["simulate", "--games", "2", "--max-turns", "20", "--bots", "aggressive,random", "--seed", "4"]
    code, out, err = run(capsys, *argv, "--save-records", str(tmp_path))
    assert code == 0, err
    assert "classic: 2 games of 4 players, seeds 4..5, at most 20 turns each" in out
    assert "games/s" in out and "mean turns" in out
    seats = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [row[2] for row in seats] == ["aggressive", "random"] * 2
    assert [row[1] for row in seats] == ["Ada", "Bo", "Cy", "Di"]
    # the records replay to the games the summary counted
    games = [rb.replay(json.loads(p.read_text())) for p in sorted(tmp_path.glob("game_*.json"))]
    assert len(games) == 2 and [g.seed for g in games] == [4, 5]
    wins = {row[1]: int(row[3]) for row in seats}
    assert wins == {p: sum(p in g.winners for g in games) for p in ("Ada", "Bo", "Cy", "Di")}
    undecided = sum(not g.winners for g in games)
    assert f"no winner within the turn limit: {undecided} game" in out
    # the same seed plays the same games
    code, again, _ = run(capsys, *argv, "--quiet")
    assert code == 0 and again.splitlines()[:6] == out.splitlines()[:6]


def test_simulate_another_edition_with_a_users_bot_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bot = tmp_path / "my_cautious_bots.py"
    bot.write_text(BOT_FILE, encoding="utf-8")
    argv = ["simulate", "--ruleset", "balance_of_power", "--games", "2", "--bots", f"{bot}:Cautious,aggressive", "-q"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "balance_of_power: 2 games of 2 players" in out and f"{bot}:Cautious"[:24] in out


def test_simulate_refuses_bad_settings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    refused(capsys, "simulate", "--ruleset", "chess", words="unknown ruleset 'chess'")
    refused(capsys, "simulate", "--ruleset", "risk2010", "--players", "2", words="two_player")
    refused(capsys, "simulate", "--bots", "clever", words="unknown bot 'clever'")
    refused(capsys, "simulate", "--bots", "aggressive,", words="comma-separated")
    refused(capsys, "simulate", "--bots", "no_such_module_here:Bot", words="cannot import")
    refused(capsys, "simulate", "--bots", f"{tmp_path / 'absent.py'}:Bot", words="no bot file")
    refused(capsys, "simulate", "--games", "0", words="--games must be from 1 to 10,000,000")
    refused(capsys, "simulate", "--players", "0", words="--players must be from 2 to 6")
    refused(capsys, "simulate", "--players", "1", words="classic is for 2 to 6 players, got 1")


def test_bot_names_find_the_built_in_bots_and_importable_ones() -> None:
    for name, cls in BUILT_IN_BOTS.items():
        if hasattr(rb.bots, cls):  # Planner and MCTS arrive with the search bots
            assert load_bot(name) is getattr(rb.bots, cls) and load_bot(name.upper()) is getattr(rb.bots, cls)
        else:
            with pytest.raises(CliError, match="not in this version"):
                load_bot(name)
    assert load_bot("riskboard.bots:Aggressive") is rb.bots.Aggressive
    with pytest.raises(CliError, match="has no 'Clever'"):
        load_bot("riskboard.bots:Clever")


# -- tournament ---------------------------------------------------------------------------------------


def test_a_tournament_of_four_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "standings.csv"
    argv = ["tournament", "--bots", "aggressive,random", "--games", "4", "--seed", "1", "--workers", "1"]
    code, out, err = run(capsys, *argv, "--max-turns", "60", "--csv", str(path), "-q")
    assert code == 0, err
    expected = rb.tournament(
        {"aggressive": rb.bots.Aggressive, "random": rb.bots.Random},
        games=4,
        seed=1,
        workers=1,
        max_turns=60,
        progress=False,
    )
    table = pd.read_csv(path, index_col=0)
    assert list(table.index) == ["aggressive", "random"]
    assert table["wins"].tolist() == expected.table["wins"].tolist()
    assert table["games"].sum() == 8
    assert "aggressive" in out and "random" in out and "win_rate" in out


def test_a_tournament_with_repeated_and_users_bots(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bot = tmp_path / "more_user_bots.py"
    bot.write_text(BOT_FILE, encoding="utf-8")
    code, out, err = run(
        capsys, "tournament", "--bots", f"random,random,{bot}:Cautious", "--games", "3", "--workers", "1", "-q",
        "--max-turns", "30", "--csv", "-",
    )  # fmt: skip
    assert code == 0, err
    table = pd.read_csv(io.StringIO(out[out.index("\nbot,") + 1 :]), index_col=0)  # after the printed standings
    assert list(table.index) == ["random", "random_2", f"{bot}:Cautious"]


def test_a_tournament_on_a_dask_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    from dask.distributed import LocalCluster

    argv = ["tournament", "--bots", "aggressive,random", "--games", "4", "--max-turns", "40", "-q"]
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster:
        code, out, err = run(capsys, *argv, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    code, here, _ = run(capsys, *argv, "--workers", "1")
    standings = [line for line in out.splitlines() if line.startswith(("aggressive", "random"))]
    assert standings and standings == [line for line in here.splitlines() if line.startswith(("aggressive", "random"))]


def test_a_tournament_refuses_bad_settings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    refused(capsys, "tournament", "--bots", "aggressive", words="at least two bots")
    refused(capsys, "tournament", "--bots", "aggressive,random", "--ruleset", "go", "-q", words="unknown ruleset 'go'")
    code, _, err = run(capsys, "tournament")
    assert code == 2 and "--bots" in err
    two = ["tournament", "--bots", "aggressive,random", "--games", "1", "--workers", "1", "-q"]
    refused(capsys, *two, "--scheduler", "nonsense", words="cannot reach the Dask scheduler at 'nonsense'")
    refused(capsys, *two, "--scheduler", "", words="--scheduler needs the address")
    refused(capsys, *two, "--time-limit", "0", words="argument --time-limit: expected a positive number")
    refused(capsys, *two, "--time-limit", "nan", words="expected a positive number of seconds or none")
    refused(capsys, *two, "--time-limit", "soon", words="expected seconds (e.g. 2.5) or none")
    refused(capsys, *two, "--games", str(10**30), words="games must be a whole number from 1 to 10,000,000")
    refused(capsys, *two, "--workers", "0", words="workers must be a whole number from 1 to 1024")
    refused(capsys, *two, "--csv", str(tmp_path), words="it is a folder")
    refused(capsys, *two, "--csv", str(tmp_path / "no" / "t.csv"), words="no folder")
    refused(capsys, *two[:2], "..:Bot,random", words="cannot import the bot module '..': TypeError")
    exiting = tmp_path / "exiting_bots.py"
    exiting.write_text("import sys\nsys.exit(5)\n", encoding="utf-8")
    refused(capsys, *two[:2], f"{exiting}:Bot,random", words="failed: SystemExit: 5")
    refused(capsys, *two, "--games", "many", words="argument --games: invalid int value: 'many'")


FAULTY_BOTS = """
import os, signal, sys, time
import multiprocessing
import riskboard as rb
from riskboard.i18n import format_percent


class Forging(rb.bots.Aggressive):
    def act(self, view):
        if view.pending.decision == "attack":
            return object.__new__(rb.Fortify)  # an action built without its checks
        return super().act(view)


class Quitting(rb.bots.Aggressive):
    def act(self, view):
        if view.pending.decision == "attack":
            sys.exit(9)
        return super().act(view)


class Interrupting(rb.bots.Aggressive):
    def act(self, view):
        if view.pending.decision == "attack":  # Ctrl-C, as the terminal sends it, then a long think
            parent = multiprocessing.parent_process()
            os.kill(parent.pid if parent else os.getpid(), signal.SIGINT)
            time.sleep(3600)
        return super().act(view)
"""


@pytest.fixture(scope="module")
def faulty_bots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One file for the module: a bot file is imported once per process, under its name."""
    path = tmp_path_factory.mktemp("bots") / "faulty_cli_bots.py"
    path.write_text(FAULTY_BOTS, encoding="utf-8")
    return path


def test_a_tournament_survives_a_forging_bot_and_lists_its_forfeits(
    capsys: pytest.CaptureFixture[str], faulty_bots: Path
) -> None:
    code, out, err = run(
        capsys, "tournament", "--bots", f"aggressive,{faulty_bots}:Forging", "--games", "2", "--workers", "1",
        "--max-turns", "20", "-q",
    )  # fmt: skip
    assert code == 0, err
    assert "forfeited games: 2" in out and out.count(f"{faulty_bots}:Forging: ") == 2
    assert "Traceback" not in err and "ForfeitWarning" not in err


def test_simulate_stops_in_one_line_on_a_bot_that_forges_or_quits(
    capsys: pytest.CaptureFixture[str], faulty_bots: Path
) -> None:
    simulate = ["simulate", "--games", "1", "--players", "2", "-q"]
    refused(
        capsys, *simulate, "--bots", f"aggressive,{faulty_bots}:Forging", words="chose the illegal action"
    )  # the engine refuses a forged action (IllegalAction), so game.play stops with a BotError naming the bot
    refused(capsys, *simulate, "--bots", f"aggressive,{faulty_bots}:Quitting", words="SystemExit: 9")


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["odds", "--nope"], ["simulate", "--games"], ["tournament", "--bots"], ["render"], ["chess"], []):
        code, out, err = run(capsys, *argv)
        lines = err.strip().splitlines()
        assert code == 2 and out == "" and len(lines) == 1 and "error: " in lines[0] and "--help)" in lines[0], err


def test_riskboards_own_failure_is_one_line_with_exit_code_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import riskboard.cli

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(riskboard.cli.rb, "battle_odds", broken)
    monkeypatch.delenv("RISKBOARD_DEBUG", raising=False)
    code, out, err = run(capsys, "odds", "3", "2")
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("riskboard odds: internal error: ZeroDivisionError: a bug (a bug in riskboard")
    monkeypatch.setenv("RISKBOARD_DEBUG", "1")
    code, _, err = run(capsys, "odds", "3", "2")
    assert code == 1 and "Traceback" in err


# -- render ---------------------------------------------------------------------------------------------


def test_render_a_saved_game_and_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved_game: tuple[Path, Path, rb.Game]
) -> None:
    saved, record, game = saved_game
    out_saved, out_record = tmp_path / "saved.svg", tmp_path / "record.svg"
    code, _, err = run(capsys, "render", str(saved), "-o", str(out_saved))
    assert code == 0 and str(out_saved) in err
    svg = out_saved.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.count("data-territory=") == 42
    assert svg == str(rb.render_svg(game))
    code, _, _ = run(capsys, "render", str(record), "-o", str(out_record), "--player", "Bo")
    assert code == 0 and out_record.read_text(encoding="utf-8") == svg  # the record replays to the same position
    code, out, _ = run(capsys, "render", str(saved), "-o", "-")
    assert code == 0 and out.strip() == svg


def test_render_refuses_missing_and_damaged_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved_game: tuple[Path, Path, rb.Game]
) -> None:
    saved, record, _ = saved_game
    refused(capsys, "render", str(tmp_path / "absent.json"), words="cannot read")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json at all", encoding="utf-8")
    refused(capsys, "render", str(garbage), words="not valid JSON")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(saved.read_text()[:500], encoding="utf-8")
    refused(capsys, "render", str(truncated), words="not valid JSON")
    other = tmp_path / "other.json"
    other.write_text('{"format": "someone/else"}', encoding="utf-8")
    refused(capsys, "render", str(other), words="neither a saved riskboard game nor a record")
    edited = json.loads(record.read_text())
    edited["actions"][3] = "attack nowhere somewhere 3"
    broken = tmp_path / "edited.json"
    broken.write_text(json.dumps(edited), encoding="utf-8")
    refused(capsys, "render", str(broken), words=str(broken))
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    refused(capsys, "render", str(binary), words="not a text file")
    refused(capsys, "render", str(saved), "--player", "Zed", words="'Zed' is not in this game")
    refused(capsys, "render", str(saved), "-o", str(tmp_path / "no" / "x.svg"), words="cannot write")


HOSTILE_FILES = {
    "nested_lists": ("[" * 100_000 + "]" * 100_000, "is not valid JSON"),  # was a RecursionError traceback
    "nested_objects": ('{"a":' * 5_000 + "1" + "}" * 5_000, "is not valid JSON"),
    "nested_in_a_save": ('{"format": "riskboard/game", "x": ' + "[" * 80 + "]" * 80 + "}", "nested deeper than"),
    "endless_number": ("1" * 5_000, "is not valid JSON"),
    "nan": ('{"format": NaN}', "NaN is not a number a riskboard file may hold"),
    "empty": ("", "is not valid JSON"),
    "a_list": ("[]", "neither a saved riskboard game nor a record"),
    "a_bare_save": ('{"format": "riskboard/game"}', "'hostile.json'"),
    "a_bare_record": ('{"format": "riskboard/record", "players": 7}', "'hostile.json'"),
    "nul_bytes": ("\x00\x00\x00", "is not a text file"),
}


@pytest.mark.parametrize(("content", "words"), HOSTILE_FILES.values(), ids=HOSTILE_FILES.keys())
def test_render_refuses_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str, words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hostile.json").write_text(content, encoding="utf-8")
    refused(capsys, "render", "hostile.json", "-o", "out.svg", words=words)


def test_render_refuses_a_folder_and_a_full_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, saved_game: tuple[Path, Path, rb.Game]
) -> None:
    refused(capsys, "render", str(tmp_path), words="Is a directory")
    if Path("/dev/full").exists():
        refused(capsys, "render", str(saved_game[0]), "-o", "/dev/full", words="cannot write '/dev/full'")


# -- as a program -----------------------------------------------------------------------------------------


def _python_m(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riskboard", *argv], capture_output=True, text=True, timeout=120, check=False
    )


def test_ctrl_c_stops_a_tournament_and_prints_the_finished_games(faulty_bots: Path) -> None:
    argv = ["tournament", "--bots", f"aggressive,random,{faulty_bots}:Interrupting", "--players", "2"]
    done = _python_m(*argv, "--games", "12", "--workers", "2", "--time-limit", "none", "--max-turns", "30", "-q")
    assert done.returncode == 130, done.stderr
    assert "interrupted:" in done.stdout and "games played" in done.stdout
    assert done.stderr.strip().splitlines()[-1].startswith("riskboard tournament: interrupted after ")
    assert "Traceback" not in done.stderr


def test_python_m_riskboard_runs_and_fails_cleanly(tmp_path: Path) -> None:
    done = _python_m("odds", "3", "2")
    assert done.returncode == 0 and "65.60%" in done.stdout
    missing = _python_m("render", str(tmp_path / "absent.json"))
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.strip().splitlines() == [
        f"riskboard render: error: cannot read '{tmp_path / 'absent.json'}': No such file or directory"
    ]
    unknown = _python_m("simulate", "--ruleset", "chess", "--quiet")
    assert unknown.returncode == 2 and len(unknown.stderr.strip().splitlines()) == 1
    assert "unknown ruleset 'chess'" in unknown.stderr and "Traceback" not in unknown.stderr
