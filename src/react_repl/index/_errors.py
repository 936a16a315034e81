"""The index's errors, importable without numpy: a command catches them before it loads one."""


class IndexProblem(Exception):
    """The persisted index cannot be used as is; the message says why and what happens next."""


class IndexWait(UserWarning):
    """Another process is building the same index folder; this one waits for it."""


class EncoderUnavailable(RuntimeError):
    """The configured embedding model cannot be loaded; the message says how to fix it."""
