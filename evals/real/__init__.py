"""Real callers' words: labelled turns and booking dialogs from public corpora, and how they were built."""
