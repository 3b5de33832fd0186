"""The language models beside the rules: the LLM client (SPEC 2.3) and its local server, and the embeddings.

``voicekit.llm``, ``voicekit.llm_server`` and ``voicekit.embeddings`` re-export them where SPEC, the
``voice-llm`` command and the notebooks name them.
"""
