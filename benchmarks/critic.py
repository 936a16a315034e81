"""Can this model judge? The critic's verdicts on answers and writes whose rightness is known.

A critic helps only if it accepts right steps and rejects wrong ones. Each case comes from a
benchmark run's log (`source`): a final answer the suite's check graded, or a write action
labelled by reading its task and the fixture data (`why` says what is wrong). The critic sees
exactly what it sees in a run: the shipped templates, the task, the last four observations
(600 characters each), and the answer or action, and its reply is read by the run's parser.

    python benchmarks/critic.py --base-url http://127.0.0.1:8080/v1 [--cases FILE] [--model NAME]

Prints one row per kind of case (answer, write) and label: how many the critic accepted.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from react_repl.agent import PromptSet
from react_repl.llm import ChatModel, ModelSettings
from react_repl.techniques._critic import parse_verdict  # the run's own reading of a verdict

CASES = Path(__file__).parent / "suites" / "critic_cases.jsonl"
TEMPLATES = {
    "answer": ("critic.jinja2", "critic_turn.jinja2"),
    "write": ("write_critic.jinja2", "write_critic_turn.jinja2"),
}


def messages_for(prompts: PromptSet, case: dict) -> list[dict[str, str]]:
    system, turn = TEMPLATES[case["kind"]]
    values = {"task": case["task"], "observations": case["observations"]}
    if case["kind"] == "answer":
        values |= {"answer": case["answer"], "answer_type": case["answer_type"]}
    else:
        values |= {"action": case["action"]}
    return [
        {"role": "system", "content": prompts.render(system)},
        {"role": "user", "content": prompts.render(turn, **values)},
    ]


def judge(model: ChatModel, cases: list[dict]) -> Counter[tuple[str, str, bool]]:
    prompts = PromptSet()
    verdicts: Counter[tuple[str, str, bool]] = Counter()
    for case in cases:
        verdict = parse_verdict(model.complete(messages_for(prompts, case)).text)
        verdicts[(case["kind"], case["label"], verdict.accepted)] += 1
        mark = "accept" if verdict.accepted else "reject"
        print(f"  {case['kind']:6} {case['label']:5} {mark:6} {case['source']}", flush=True)
    return verdicts


def table(verdicts: Counter[tuple[str, str, bool]]) -> str:
    lines = ["| case | label | cases | accepted | rejected |", "|---|---|---|---|---|"]
    for kind in TEMPLATES:
        for label in ("right", "wrong"):
            accepted, rejected = verdicts[(kind, label, True)], verdicts[(kind, label, False)]
            if accepted + rejected:
                total = accepted + rejected
                lines.append(f"| {kind} | {label} | {total} | {accepted} | {rejected} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--model", default="")
    parser.add_argument("--cases", type=Path, default=CASES)
    args = parser.parse_args()
    cases = [json.loads(line) for line in args.cases.read_text().splitlines() if line.strip()]
    settings = ModelSettings(model=args.model, base_url=args.base_url, temperature=0.0)
    print(table(judge(ChatModel(settings), cases)))


if __name__ == "__main__":
    main()
