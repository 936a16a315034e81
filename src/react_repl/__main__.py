"""`python -m react_repl` is the `react-repl` command."""

from react_repl.cli import main

main()
