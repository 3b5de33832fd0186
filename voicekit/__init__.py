"""What the agent and the grader share: the scripted clinic API, the rule parser and the LLM client."""
