"""Tool wrappers: the retry policy of read tools, once-only writes, and the tools.json manifest."""
