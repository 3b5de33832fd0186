"""One module per dialog node; shared pieces in common.py, rules and words in the dialog package below."""
