"""The local LLM server where `voice-llm` and `python -m voicekit.llm_server` find it: voicekit.models.llm_server."""

import sys

from voicekit.models.llm_server import MODEL_PACKAGE as MODEL_PACKAGE
from voicekit.models.llm_server import default_threads as default_threads
from voicekit.models.llm_server import down as down
from voicekit.models.llm_server import embedded_model as embedded_model
from voicekit.models.llm_server import home as home
from voicekit.models.llm_server import main as main
from voicekit.models.llm_server import rss_mb as rss_mb
from voicekit.models.llm_server import served_rss_mb as served_rss_mb
from voicekit.models.llm_server import status as status
from voicekit.models.llm_server import up as up

if __name__ == "__main__":
    sys.exit(main())
