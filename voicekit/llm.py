"""The LLM client where SPEC 2.3 names it (``voicekit.llm``): it lives in ``voicekit.models.llm``."""

from voicekit.models.llm import DEFAULT_PORT as DEFAULT_PORT
from voicekit.models.llm import DIALECTS as DIALECTS
from voicekit.models.llm import INTENT_PROMPT as INTENT_PROMPT
from voicekit.models.llm import INTENT_SCHEMA as INTENT_SCHEMA
from voicekit.models.llm import LLMConfig as LLMConfig
from voicekit.models.llm import LLMError as LLMError
from voicekit.models.llm import chat as chat
from voicekit.models.llm import classify_intent as classify_intent
from voicekit.models.llm import response_format as response_format
