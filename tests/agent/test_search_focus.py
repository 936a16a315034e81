"""search_focus through a whole run: the real index (FAISS and the embedding model) over the
multistep suite's 17 services, the scripted server, the real client and the sandbox."""

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import model_for
from test_loop import PLAIN, fenced

from react_repl._hit_listing import hit_names
from react_repl.agent import Agent
from react_repl.agent._search import focused
from react_repl.context import api_docs
from react_repl.index import DEEP_K, MethodIndex, method_search_function
from react_repl.llm import ScriptedServer
from react_repl.registry import ApiRegistry

SUITE_APIS = Path(__file__).parents[2] / "benchmarks" / "suites" / "multistep" / "apis"
TASK = (
    "How much has the customer raj.patel@example.com spent in total on orders that were "
    "delivered? Answer in euros, as a number."
)
QUERY = "total amount spent by customer"  # the 1.5B model's own first query on this task


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> tuple[ApiRegistry, MethodIndex]:
    registry = ApiRegistry.discover(paths=[SUITE_APIS], builtin=False, entry_points=False)
    index = MethodIndex.open(tmp_path_factory.mktemp("suite") / "index")
    index.build(registry)
    return registry, index


def suite_agent(
    server: ScriptedServer, tmp_path: Path, suite: tuple[ApiRegistry, MethodIndex], focus: bool
) -> Agent:
    """The bench's method_search over the suite: one that may draw 50 hits for the agent."""
    registry, index = suite
    return Agent(
        model_for(server),
        apis=registry.callables(),
        method_search=method_search_function(index, max_k=DEEP_K),
        options=replace(PLAIN, search_focus=focus),
        logs_dir=tmp_path / "logs",
    )


def first_search(
    server: ScriptedServer, tmp_path: Path, suite: tuple[ApiRegistry, MethodIndex], focus: bool
) -> list[str]:
    server.enqueue(fenced("Search.", f'method_search("{QUERY}")'))
    server.enqueue(fenced("Done.", "stop(0)"))
    observation = suite_agent(server, tmp_path, suite, focus).run(TASK).steps[0].observation
    return [
        line.split("(")[0].strip("`") for line in observation.splitlines() if line.startswith("`")
    ]


def test_the_tasks_own_service_comes_first(
    server: ScriptedServer, tmp_path: Path, suite: tuple[ApiRegistry, MethodIndex]
) -> None:
    registry, _index = suite
    module_of = {name: doc.module for name, doc in api_docs(registry.callables()).items()}
    shop = module_of["find_customer_by_email"]

    unfocused = first_search(server, tmp_path, suite, focus=False)
    focused_hits = first_search(server, tmp_path, suite, focus=True)

    assert module_of[unfocused[0]] != shop  # the problem: another service's function on top
    assert len(focused_hits) == len(unfocused) == 5
    assert all(module_of[name] == shop for name in focused_hits[:2])
    assert focused_hits[2] == unfocused[0]  # the query's own best hit is never pushed out
    assert {"find_customer_by_email", "list_customer_orders"} & set(focused_hits)
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "search_focus" in log


def test_the_querys_best_hit_from_elsewhere_comes_third() -> None:
    hits = "\n".join(f"`{name}(x: str) -> str`: Does it." for name in "abcdef")
    docs = api_docs({name: (lambda x: x) for name in "abcdef"})
    docs = {
        name: replace(doc, module="shop" if name in "bcde" else "energy")
        for name, doc in docs.items()
    }
    assert hit_names(focused(hits, {"shop"}, docs, 5)) == ["b", "c", "a", "d", "e"]


def test_a_wrong_guess_only_demotes_and_error_texts_pass_unchanged() -> None:
    hits = "\n".join(f"`{name}(x: str) -> str`: Does it." for name in ("a", "b", "c", "d"))
    docs = api_docs({name: (lambda x: x) for name in "abcd"})
    docs = {
        name: replace(doc, module="shop" if name in "bd" else "energy")
        for name, doc in docs.items()
    }
    assert hit_names(focused(hits, {"shop"}, docs, 4)) == ["b", "d", "a", "c"]
    assert hit_names(focused(hits, {"travel"}, docs, 3)) == ["a", "b", "c"]
    assert focused("No API matches 'x'.", {"shop"}, docs, 3) == "No API matches 'x'."


def test_the_models_k_is_still_bounded(
    server: ScriptedServer, tmp_path: Path, suite: tuple[ApiRegistry, MethodIndex]
) -> None:
    for focus in (True, False):
        server.enqueue(fenced("Search.", 'method_search("order", k=40)'))
        server.enqueue(fenced("Search.", 'method_search("order", k="many")'))
        server.enqueue(fenced("Done.", "stop(0)"))
        many, wrong = suite_agent(server, tmp_path, suite, focus).run(TASK).steps[:2]
        assert sum(line.startswith("`") for line in many.observation.splitlines()) == 10
        assert "k must be a whole number from 1 to 10" in wrong.observation
