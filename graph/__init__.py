"""The top layer: the LangGraph graph, VoiceAgent, Studio's demo clinics, the console, and the speed-ups."""
