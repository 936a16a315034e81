"""How method_search's rankings serve the queries a model actually wrote, without the model.

Every `method_search("...")` in the run logs of the given benchmark folders is searched again
over the suite's APIs (and N distractors, chosen as `react-repl bench` chooses them), ranked as
written and with `search_focus`. A hit counts when the task's reference solution
(solutions/<task>.py) calls it. The 1.5B model calls the top hit more often than any other, so
the first column is the one `search_focus` is for (docs/ablation.md, round 9).

    python benchmarks/logged_queries.py docs/bench/multistep/report [...] \
        --suite benchmarks/suites/multistep --distractors 0,1000 --model 1.5b
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from _run_logs import ACTION, solution_calls

from react_repl._hit_listing import hit_names
from react_repl.agent._search import focused_search
from react_repl.bench import DISTRACTOR_PACK, choose_distractors, load_suite
from react_repl.bench._apiset import base_registry, build_api_set, pack_registry
from react_repl.context import api_docs
from react_repl.index import DEEP_K, MethodIndex, method_search_function

_TASK_ID = re.compile(r"^\| task_id \| (\S+) \|", re.MULTILINE)
_MODEL = re.compile(r"^\| model \| (\S+) \|", re.MULTILINE)
_QUERY = re.compile(r"""method_search\(\s*(["'])(.+?)\1""")
SHOWN = 5


def logged_queries(folders: list[Path], tasks: set[str], model: str) -> set[tuple[str, str]]:
    """(task id, query) for every distinct search in the folders' markdown logs."""
    found = set()
    for log in (path for folder in folders for path in folder.rglob("*.md")):
        text = log.read_text(encoding="utf-8")
        task, by = _TASK_ID.search(text), _MODEL.search(text)
        if task and task[1] in tasks and by and model in by[1]:
            for action in ACTION.findall(text):
                found |= {(task[1], query) for _quote, query in _QUERY.findall(action)}
    return found


def rankings(search: Callable[..., str], docs: dict, task: str) -> dict[str, Callable[[str], str]]:
    focus = focused_search(search, docs, task)
    return {
        "as written": lambda q: search(q, SHOWN),
        "search_focus": lambda q: focus(q, SHOWN),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--suite", type=Path, default=Path("benchmarks/suites/multistep"))
    parser.add_argument("--distractors", default="0,1000")
    parser.add_argument("--seed", type=int, default=0, help="the bench run's --seed")
    parser.add_argument("--model", default="", help="only logs of models whose name has this")
    args = parser.parse_args()

    suite = load_suite(args.suite)
    texts = {task.id: task.task for task in suite.tasks}
    base = base_registry(suite.apis_dir, suite.builtin_apis, suite.asks_user())
    names = {spec.name for spec in base.specs}
    wanted = {t: solution_calls(args.suite / "solutions" / f"{t}.py", names) for t in texts}
    found = logged_queries(args.folders, set(texts), args.model)
    queries = sorted((task, query) for task, query in found if wanted[task])
    pack = pack_registry(DISTRACTOR_PACK).specs
    print(f"{len(queries)} distinct (task, query) pairs from {len(args.folders)} folder(s)\n")
    print("| distractors | ranking | top hit needed | a needed one in the top 5 | "
          "share of the needed in the top 5 |")  # fmt: skip
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as indexes:
        for level in (int(part) for part in args.distractors.split(",")):
            specs = [*base.specs, *choose_distractors(pack, level, args.seed, names)]
            api_set = build_api_set(specs, level, Path(indexes), None)
            search = method_search_function(MethodIndex.open(api_set.index_dir), max_k=DEEP_K)
            docs = api_docs({spec.name: spec.load() for spec in specs})
            per_task = {t: rankings(search, docs, texts[t]) for t in texts}
            for ranking in per_task[next(iter(texts))]:
                top = some = share = 0.0
                for task, query in queries:
                    hits = hit_names(per_task[task][ranking](query)) or []
                    need = wanted[task]
                    top += bool(hits) and hits[0] in need
                    some += bool(need & set(hits))
                    share += len(need & set(hits)) / len(need)
                n = len(queries)
                print(f"| {level} | {ranking} | {top / n:.2f} | {some / n:.2f} | {share / n:.2f} |")


if __name__ == "__main__":
    main()
