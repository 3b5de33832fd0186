"""Evals: the scenario runner, safety counters, intent comparison and the labelled utterances."""
