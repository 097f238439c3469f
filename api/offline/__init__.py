"""The game table as the phone runs it under Pyodide (pure Python: the engine, no web stack).

`api.offline.table` turns the engine's state and actions into the same game
view and log lines the server sends, so the PWA shows the same screens with
no connection; it is shipped to the phone inside the engine bundle
(`api.packaging`) together with `api/games/` and `api/data/`.
"""
