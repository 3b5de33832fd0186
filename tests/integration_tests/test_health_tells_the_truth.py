"""Issue 36: ``/health`` reads the calendar and says which part failed.

A calendar set up wrong is logged once, with the fix and without the secret. Against a real Radicale with
sign-in, stopped and started by the test.
"""

from __future__ import annotations

import logging
import uuid

import pytest
from fastapi.testclient import TestClient

from dialog.config_file import load_config
from service.app import Settings, create_app
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN
from tests.integration_tests.test_clinic_on_caldav import CLINIC
from tests.radicale_server import make_calendar, running_radicale

PASSWORD = "correct-horse-battery"
WITH_SIGN_IN = CLINIC + 'username_env = "TEST_CALDAV_USER"\npassword_env = "TEST_CALDAV_PASSWORD"\n'


def line(tmp_path, url: str) -> TestClient:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "clinic.toml"
    path.write_text(WITH_SIGN_IN.format(url=url))
    settings = Settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                        sleep=lambda s: None, staff_token=STAFF_TOKEN, clinic=load_config(path),
                        purge_every_seconds=0)
    return TestClient(create_app(settings), headers=STAFF)


def test_health_names_the_calendar_when_the_password_is_wrong_and_when_it_is_down(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("TEST_CALDAV_USER", "clinic")
    monkeypatch.setenv("TEST_CALDAV_PASSWORD", PASSWORD)
    with running_radicale(tmp_path / "radicale", users={"clinic": PASSWORD}) as base:
        url = make_calendar(base, "clinic", f"appointments-{uuid.uuid4().hex[:6]}", auth=("clinic", PASSWORD))
        with line(tmp_path / "good", url) as client:
            assert client.get("/health").json() == {"ok": True, "failed": [], "paused": False}
        wrong = "wrong-password-42"
        monkeypatch.setenv("TEST_CALDAV_PASSWORD", wrong)
        with caplog.at_level(logging.INFO), line(tmp_path / "wrong", url) as client:
            for _ in range(3):
                answer = client.get("/health")
                assert answer.status_code == 503 and answer.json() == {"ok": False, "failed": ["calendar"],
                                                                       "paused": False}
            assert client.get("/health/live").json() == {"ok": True}
        said = [r.getMessage() for r in caplog.records if r.name == "voicekit.caldav"]
        assert len(said) == 1, said  # once, however often it is asked
        assert "refused access (401)" in said[0] and "TEST_CALDAV_PASSWORD" in said[0] and "password" in said[0]
        everything = "\n".join(r.getMessage() for r in caplog.records)
        assert wrong not in everything and PASSWORD not in everything
        missing = url.rstrip("/") + "-not-there/"
        caplog.clear()
        monkeypatch.setenv("TEST_CALDAV_PASSWORD", PASSWORD)
        with caplog.at_level(logging.INFO), line(tmp_path / "missing", missing) as client:
            assert client.get("/health").json()["failed"] == ["calendar"]
        assert any("no calendar at" in r.getMessage() and "create the calendar" in r.getMessage()
                   for r in caplog.records if r.name == "voicekit.caldav")
    with line(tmp_path / "down", url) as client:  # Radicale stopped
        answer = client.get("/health")
        assert answer.status_code == 503 and answer.json()["failed"] == ["calendar"]
        assert client.get("/health/live").status_code == 200  # the worker itself is alive


@pytest.mark.parametrize("path", ["/health", "/health/live"])
def test_health_needs_no_token(tmp_path, path):
    settings = Settings(database_url=str(tmp_path / "s.sqlite"), clinic_db=str(tmp_path / "c.sqlite"),
                        sleep=lambda s: None, staff_token=STAFF_TOKEN, purge_every_seconds=0)
    with TestClient(create_app(settings)) as client:
        assert client.get(path).status_code == 200
