"""The dialog core: the call's state, dependencies, rules, words and per-task policy (no LangGraph nodes)."""
