"""`react-repl view`: a local web app to watch runs step by step, answer their approvals and read
bench reports, served from the logs and bench results folders as they are on disk.
"""

from react_repl.view._app import LOCAL_HOSTS, ViewFolders, create_app
from react_repl.view._reading import Problem

__all__ = ["LOCAL_HOSTS", "Problem", "ViewFolders", "create_app"]
