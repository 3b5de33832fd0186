"""The top layer: the LangGraph graph, the VoiceAgent adapter, Studio's demo clinics and the console."""
