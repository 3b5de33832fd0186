"""voicekit.llm without a model: configuration, dialects, argument checks, a clear error with no server."""

import pytest

from voicekit.llm import LLMConfig, LLMError, chat, response_format


def test_dialects_send_the_schema_their_way():
    schema = {"type": "object"}
    assert response_format(schema, "llama_cpp") == {"type": "json_object", "schema": schema}
    sent = response_format(schema, "openai")
    assert sent["type"] == "json_schema" and sent["json_schema"]["schema"] == schema


def test_configuration_from_the_environment(monkeypatch):
    monkeypatch.setenv("VOICE_LLM_BASE_URL", "http://example.invalid:1/v1")
    monkeypatch.setenv("VOICE_LLM_DIALECT", "openai")
    monkeypatch.setenv("VOICE_LLM_TIMEOUT", "2.5")
    config = LLMConfig()
    assert (config.base_url, config.dialect, config.timeout) == ("http://example.invalid:1/v1", "openai", 2.5)


@pytest.mark.parametrize("kwargs, words", [({"dialect": "anthropic"}, "dialect must be"),
                                           ({"timeout": 0}, "timeout must be")])
def test_bad_configuration_names_the_fix(kwargs, words):
    with pytest.raises(ValueError, match=words):
        LLMConfig(**kwargs)


@pytest.mark.parametrize("messages", [[], "hello", [{"role": "user"}], [{"content": "hi"}]])
def test_bad_messages_are_a_type_error(messages):
    with pytest.raises(TypeError, match="messages must be"):
        chat(messages)


def test_no_server_is_a_typed_error_that_says_voice_llm_up():
    config = LLMConfig(base_url="http://127.0.0.1:9/v1", timeout=2)
    with pytest.raises(LLMError, match="voice-llm up"):
        chat([{"role": "user", "content": "hi"}], config=config)


@pytest.mark.parametrize(("cores", "threads"), [(1, 1), (2, 1), (4, 2), (0, 1)])
def test_a_small_machine_runs_the_llm_on_one_thread(cores, threads):
    from voicekit.llm_server import default_threads

    assert default_threads(cores) == threads
