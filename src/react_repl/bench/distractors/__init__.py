"""The distractor pack: over a thousand real, documented functions across many domains.

`react-repl bench --distractors N` indexes N of them next to a suite's own APIs, so a benchmark
shows what finding the right function among thousands costs an agent. Each module here is one
domain (geometry, colour, HTTP, chemistry, finance, ...) of plain functions registered like
`--apis DIR`: deterministic, offline, typed, with Google-style docstrings whose examples run as
doctests. Names are unique across the pack and apart from the built-in and suite APIs. This
file only makes the folder a package, so the modules ship inside the wheel.
"""
