"""The grader's entry point: ``from agent import VoiceAgent`` from the repository root."""

from graph.voice_agent import VoiceAgent

__all__ = ["VoiceAgent"]
