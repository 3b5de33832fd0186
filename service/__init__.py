"""The HTTP call service: stateless workers over a shared checkpointer and call store."""
