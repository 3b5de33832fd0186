"""The voice edge: the clinic agent inside a Pipecat pipeline (optional extra ``voice``)."""
