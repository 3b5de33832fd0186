"""LangGraph made cheaper per turn, each piece measured and each removable on its own.

None of them changes what a caller hears or which tool runs (the scenarios and ``traces.jsonl`` prove it
with and without); each saves time a turn spends in the framework rather than in the dialog:

* ``three_channels``  -- the call kept in three channels instead of one per ``CallState`` field (~0.8 ms a run);
  ``channel_node`` / ``channel_edge`` let nodes and routers keep seeing a ``CallState``.
* ``self_routing``    -- a node returns its update and its next node in one ``Command``, instead of a
  conditional edge that copies the call for its router (~0.4 ms a turn); its router's ``Literal`` is its edges.
* ``one_checkpoint_read`` -- the checkpoint the agent read to see where the call waits is handed to the run,
  which would read it again (a PostgreSQL round trip a turn); ``question_waiting`` reads that tuple instead
  of building a ``get_state`` snapshot (~0.3 ms).
* ``saves_in_thread`` -- LangGraph's checkpoint saves run in the turn's thread, not in a thread pool started
  for each run (about a sixth of a turn).

Layering: these import ``dialog`` and LangGraph only, never the rest of ``graph``.
"""
