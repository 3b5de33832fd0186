"""Staff see the visit's reason with a hand-off (issue 30, item 2); the lab's hand-off shape is not changed."""

from fastapi.testclient import TestClient

from service.app import create_app
from tests.integration_tests.helpers import STAFF
from tests.integration_tests.test_service import new_call, staff_settings


def test_the_hand_off_for_staff_carries_the_reason_masked(tmp_path):
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings), headers=STAFF) as client:
        call = new_call(client)
        for said in ("I'd like to book on Tuesday", "my knee hurts, card 4111 1111 1111 1111, it is swollen",
                     "can I talk to a person"):
            client.post(f"/calls/{call}/turns", json={"text": said})
        view = client.get(f"/calls/{call}").json()
    summary = view["handoff"]["summary"]
    assert view["handoff"]["reason"] == "user_request"
    assert summary["day"] == "tuesday" and "knee" in summary["reason"] and "swollen" in summary["reason"]
    assert "4111" not in summary["reason"]
