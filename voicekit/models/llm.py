"""One chat completion against any OpenAI-compatible server, through the official ``openai`` client.

Configuration (arguments win over environment variables, which win over the defaults):

=====================  ======================  ===============================================
setting                environment             default
=====================  ======================  ===============================================
base URL               VOICE_LLM_BASE_URL      http://127.0.0.1:8765/v1 (``voice-llm up``)
API key                VOICE_LLM_API_KEY       "not-needed" (the embedded server ignores it)
model                  VOICE_LLM_MODEL         smollm2
dialect                VOICE_LLM_DIALECT       llama_cpp (or "openai")
deadline, seconds      VOICE_LLM_TIMEOUT       10
=====================  ======================  ===============================================

The *dialect* says how a JSON schema is sent, because servers disagree: ``llama_cpp.server`` 0.3.x
answers HTTP 500 to OpenAI's ``{"type": "json_schema", ...}`` and only honours
``{"type": "json_object", "schema": ...}``, while OpenAI, vLLM and Ollama want ``json_schema``.
It is configured, not guessed from errors.
"""

from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass, field

from voicekit.nlu.types import INTENTS

DIALECTS = ("llama_cpp", "openai")
DEFAULT_PORT = 8765


class LLMError(RuntimeError):
    """The LLM could not give an answer: no server, too slow, a refused request or unusable output."""


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, got {raw!r}") from None


@dataclass(frozen=True)
class LLMConfig:
    """Where and how to ask the model."""

    base_url: str = field(default_factory=lambda: os.environ.get(
        "VOICE_LLM_BASE_URL", f"http://127.0.0.1:{os.environ.get('VOICE_LLM_PORT', DEFAULT_PORT)}/v1"))
    """The server's OpenAI-compatible root, ending in /v1."""
    api_key: str = field(default_factory=lambda: os.environ.get("VOICE_LLM_API_KEY", "not-needed"))
    """Bearer key; the embedded server ignores it."""
    model: str = field(default_factory=lambda: os.environ.get("VOICE_LLM_MODEL", "smollm2"))
    """Model name as the server knows it."""
    dialect: str = field(default_factory=lambda: os.environ.get("VOICE_LLM_DIALECT", "llama_cpp"))
    """How response_format carries a JSON schema: "llama_cpp" or "openai"."""
    timeout: float = field(default_factory=lambda: _env_float("VOICE_LLM_TIMEOUT", 10.0))
    """Hard deadline for one call, in seconds (no retries)."""

    def __post_init__(self):
        if self.dialect not in DIALECTS:
            raise ValueError(f"dialect must be one of {', '.join(DIALECTS)} (VOICE_LLM_DIALECT), got {self.dialect!r}")
        if not (isinstance(self.timeout, int | float) and self.timeout > 0):
            raise ValueError(f"timeout must be a positive number of seconds, got {self.timeout!r}")


@functools.lru_cache(maxsize=8)
def _client(base_url: str, api_key: str, timeout: float):
    from openai import OpenAI

    return OpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)


def response_format(json_schema: dict, dialect: str) -> dict:
    """The ``response_format`` that makes this dialect's server constrain output to ``json_schema``."""
    if dialect == "llama_cpp":
        return {"type": "json_object", "schema": json_schema}
    return {"type": "json_schema", "json_schema": {"name": "answer", "schema": json_schema, "strict": True}}


def _check_messages(messages: object) -> list[dict]:
    if not isinstance(messages, list) or not messages or not all(
        isinstance(m, dict) and isinstance(m.get("role"), str) and isinstance(m.get("content"), str)
        for m in messages
    ):
        raise TypeError('messages must be a non-empty list like [{"role": "user", "content": "..."}]')
    return messages


def chat(messages: list[dict], max_tokens: int = 40, json_schema: dict | None = None, *,
         config: LLMConfig | None = None) -> str | dict:
    """One completion at temperature 0. With ``json_schema`` the output is grammar-forced and parsed."""
    import openai

    _check_messages(messages)
    if not isinstance(max_tokens, int) or max_tokens < 1:
        raise ValueError(f"max_tokens must be a positive integer, got {max_tokens!r}")
    if json_schema is not None and not isinstance(json_schema, dict):
        raise TypeError(f"json_schema must be a JSON Schema dict, got {type(json_schema).__name__}")
    config = config or LLMConfig()
    extra = {"response_format": response_format(json_schema, config.dialect)} if json_schema else {}
    client = _client(config.base_url, config.api_key, float(config.timeout))
    try:
        answer = client.chat.completions.create(model=config.model, messages=messages, max_tokens=max_tokens,
                                                temperature=0, **extra)
    except openai.APITimeoutError:
        raise LLMError(f"the LLM at {config.base_url} did not answer within {config.timeout} s; "
                       "raise VOICE_LLM_TIMEOUT or check the server with `voice-llm status`") from None
    except openai.APIConnectionError:
        raise LLMError(f"no LLM server answers at {config.base_url}: start the embedded one with "
                       "`voice-llm up`, or set VOICE_LLM_BASE_URL to a running server") from None
    except openai.APIStatusError as refused:
        raise LLMError(f"the LLM server at {config.base_url} refused the request (HTTP {refused.status_code}); "
                       f"if it rejects the schema format, check VOICE_LLM_DIALECT (now {config.dialect!r})") from None
    content = (answer.choices[0].message.content or "") if answer.choices else ""
    if json_schema is None:
        return content
    try:
        return json.loads(content)
    except json.JSONDecodeError:
        raise LLMError(f"the LLM's output is not valid JSON ({content[:80]!r}); raise max_tokens "
                       f"(now {max_tokens}) or check that the server honours {config.dialect!r} schemas") from None


INTENT_SCHEMA = {
    "type": "object",
    "properties": {"intent": {"type": "string", "enum": list(INTENTS)}},
    "required": ["intent"],
}
INTENT_PROMPT = (
    "You label what a caller said to a medical clinic's phone line. Answer with one intent:\n"
    "book = wants to make an appointment; cancel = wants to cancel one; yes = agrees or confirms; "
    "no = disagrees or corrects; human = wants to talk to a person; hours = asks about opening hours "
    "or location; inform = only gives a day, a time or a name; unknown = none of these."
)


def classify_intent(text: str, *, config: LLMConfig | None = None) -> str:
    """The LLM's intent for one utterance: always one of the eight enum values (or LLMError)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    answer = chat([{"role": "system", "content": INTENT_PROMPT}, {"role": "user", "content": text}],
                  max_tokens=20, json_schema=INTENT_SCHEMA, config=config)
    intent = answer.get("intent") if isinstance(answer, dict) else None
    if intent not in INTENTS:
        raise LLMError(f"the LLM answered {answer!r}, not one of the intents {', '.join(INTENTS)}")
    return intent
