"""Saving games, beside the pure rules: journals (``journal.py``), reading and checking
saves (``saves.py``, ``save_file.py``, ``save_v2.py``), one window per save
(``save_lock.py``) and where saves live (``folders.py``). Nothing here imports Textual;
the top level of the project is fixed, so the package sits in the app's tree."""
