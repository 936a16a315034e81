"""`--distractors N`: N more APIs from a pack, chosen by seed across domains, in their own index."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from bench_helpers import action, bench_command, make_shop_suite, scripted_config

from react_repl.bench import choose_distractors
from react_repl.llm import ScriptedServer
from react_repl.registry import ApiRegistry

DOMAINS = {
    "astronomy": ["parsecs_to_light_years", "orbital_period_days", "apparent_magnitude",
                  "escape_velocity", "hubble_distance", "star_luminosity"],
    "cooking": ["cups_to_grams", "oven_fahrenheit_to_gas_mark", "scale_recipe",
                "proofing_time_minutes", "brine_salt_grams", "rest_time_for_roast"],
    "sailing": ["knots_to_kmh", "tide_height_at", "hull_speed_knots", "wind_chill_at_sea",
                "nautical_miles_between", "anchor_scope_metres"],
    "music": ["semitones_between", "note_frequency_hz", "bpm_to_ms", "transpose_chord",
              "metronome_marking", "capo_fret_for_key"],
}  # fmt: skip


def make_pack(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for domain, names in DOMAINS.items():
        body = [f'"""{domain.title()} helpers."""\n']
        for name in names:
            words = name.replace("_", " ")
            body.append(
                f"\ndef {name}(value: float) -> float:\n"
                f'    """Compute {words} for a value ({domain}).\n\n'
                f"    Args:\n        value: The input quantity.\n\n"
                f'    Returns:\n        The {words}.\n    """\n    return value * 2.0\n'
            )
        (folder / f"{domain}.py").write_text("".join(body))
    return folder


def test_the_choice_is_deterministic_and_spread_across_domains(tmp_path: Path) -> None:
    pack = ApiRegistry.discover(
        paths=[make_pack(tmp_path / "pack")], builtin=False, entry_points=False
    )
    chosen = choose_distractors(pack.specs, 8, seed=3, taken=set())
    assert [s.name for s in chosen] == [s.name for s in choose_distractors(pack.specs, 8, 3, set())]
    assert [s.name for s in chosen] != [s.name for s in choose_distractors(pack.specs, 8, 4, set())]
    per_module = {
        module: sum(s.module == module for s in chosen) for module in {s.module for s in pack.specs}
    }
    assert sorted(per_module.values()) == [2, 2, 2, 2]
    assert "knots_to_kmh" not in {
        s.name for s in choose_distractors(pack.specs, 23, 3, {"knots_to_kmh"})
    }
    with pytest.raises(ValueError, match="only 24 usable functions"):
        choose_distractors(pack.specs, 25, seed=3, taken=set())


def tree_digest(folder: Path) -> str:
    hasher = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file()):
        hasher.update(file.name.encode() + file.read_bytes())
    return hasher.hexdigest()


def test_distractors_get_their_own_index_and_the_report_compares(
    tmp_path: Path, shop_index: Path
) -> None:
    pack = make_pack(tmp_path / "pack")
    suite = make_shop_suite(
        tmp_path / "shop", '[[task]]\nid = "t1"\ntask = "Order 7 total? (t1)"\nanswer = 19.99\n'
    )
    scripted_config(tmp_path)
    scripts = {"(t1)": [
        action("print(method_search('convert knots to kilometres per hour', k=3))"),
        action("stop(get_order_total(7))"),
    ]}  # fmt: skip
    seed_before = tree_digest(shop_index)
    with ScriptedServer(routes=scripts) as server:
        run = bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--distractors", "20",
            "--distractor-pack", str(pack), "--index", str(shop_index), "--logs-dir", "logs",
            "--out", "out", cwd=tmp_path,
        )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    records = {
        r["distractors"]: r
        for r in map(json.loads, (tmp_path / "out" / "results.jsonl").read_text().splitlines())
    }
    assert sorted(records) == [0, 20]
    assert records[20]["api_count"] == records[0]["api_count"] + 20
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "out" / "indexes").iterdir()) == [
        "23",
        "3",
    ]
    assert tree_digest(shop_index) == seed_before  # the user's index is never written
    assert "knots_to_kmh" not in Path(records[0]["log_path"]).read_text()
    assert "knots_to_kmh" in Path(records[20]["log_path"]).read_text()
    report = (tmp_path / "out" / "report.md").read_text()
    assert "## With and without distractors" in report
    assert (
        "| scripted +0 distractors | scripted +20 distractors | 100% | 100% | 1 | 0 | 0 | 1 |"
        in report
    )
