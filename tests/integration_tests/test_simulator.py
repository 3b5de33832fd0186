"""The browser call simulator, driven in headless Chromium with Playwright over a real worker.

The page talks to the same call API as a phone line: these tests type and press keys as a person would,
and read what the page shows. The first test takes a screenshot; `make screenshot` keeps it as the README's
(docs/simulator.png), an ordinary run leaves it in a temporary directory and the working tree as it was.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import httpx
import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.integration_tests.helpers import ROOT, STAFF, STAFF_TOKEN, quiet_env, stop, wait_for
from tests.throwaway_pg import free_port

README_SCREENSHOT = ROOT / "docs" / "simulator.png"


def chromium() -> str:
    found = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    assert found, "no Chromium: make browser installs it (make test does)"
    return found


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    data = tmp_path_factory.mktemp("simulator")
    port = free_port()
    env = quiet_env(DATABASE_URL=str(data / "service.sqlite"), CLINIC_DB=str(data / "clinic.sqlite"),
                    SERVICE_BACKOFF="0.05,0.1")
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    wait_for(f"{base}/health", worker)
    yield base
    stop(worker)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"], headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, service):
    opened = browser.new_page(viewport={"width": 1400, "height": 900})
    opened.goto(f"{service}/?token={STAFF_TOKEN}")  # the sign-in link the worker prints
    expect(opened.locator("body")).to_have_attribute("data-ready", "true")
    yield opened
    opened.close()


def say(page: Page, text: str) -> None:
    page.fill("#say-input", text)
    page.press("#say-input", "Enter")


def new_call(page: Page, preset: str = "") -> None:
    page.select_option("#preset", preset)
    page.click("#new-call")
    expect(page.locator("#state")).to_have_text("LISTEN")


def tool_lines(page: Page) -> list[str]:
    return page.locator("#tool-calls li").all_inner_texts()


def test_a_booking_typed_then_keypad_one(page, tmp_path):
    new_call(page, "retry_ok")  # find_slots times out once: the retry and its wait are shown
    say(page, "Book me on Tuesday at ten a m, my name is Jamie, my number is 617 555 0123")  # no caller id here
    expect(page.locator("#state")).to_have_text("CONFIRM")
    expect(page.locator("#node")).to_have_text("confirm")
    expect(page.locator('g.node.current[data-node="confirm"]')).to_have_count(1)
    page.click('.key[data-key="1"]')
    expect(page.locator("#state")).to_have_text("DONE")
    expect(page.locator('g.node.current[data-node="done"]')).to_have_count(1)
    lines = tool_lines(page)
    assert [line for line in lines if "book(" in line] == [
        "turn 2: book(tuesday, 10:00, Jamie, 2026-12-08, [phone ending 0123]) → ok"]
    assert any("find_slots(tuesday, 2026-12-08) → timeout" in line for line in lines)
    assert any("waited 0.05 s before retrying" in line for line in lines)
    expect(page.locator("#slots")).to_contain_text("Jamie")
    expect(page.locator("#transcript")).to_contain_text("Your booking number is")
    screenshot = README_SCREENSHOT if os.environ.get("KEEP_SCREENSHOT") else tmp_path / "simulator.png"
    screenshot.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(screenshot), full_page=True)
    assert screenshot.stat().st_size > 10_000


def test_the_taken_plan_from_the_picker_offers_other_times(page):
    new_call(page, "taken")
    assert page.input_value("#plan-book") == "taken"
    say(page, "Book me on Wednesday at ten a m, my name is Jamie, 617 555 0123")  # one clinic for all: another slot
    expect(page.locator("#state")).to_have_text("CONFIRM")
    page.click('.key[data-key="1"]')
    expect(page.locator("#state")).to_have_text("ASK_TIME")
    expect(page.locator("#transcript")).to_contain_text("was just taken")
    assert any("book(wednesday, 10:00, Jamie, 2026-12-02, [phone ending 0123]) → taken" in line
               for line in tool_lines(page))


def test_the_book_timeout_plan_hands_off_and_shows_the_record(page):
    new_call(page, "book_timeout")
    say(page, "Book me on Thursday at ten a m, my name is Jamie, 617 555 0123")
    expect(page.locator("#state")).to_have_text("CONFIRM")
    say(page, "yes")
    expect(page.locator("#state")).to_have_text("HANDOFF")
    handoff = json.loads(page.inner_text("#handoff"))
    # Staff's record carries the date (SPEC 6.1); agent.handoff keeps the lab's three slots.
    assert handoff == {"reason": "tool_failure",
                       "summary": {"day": "thursday", "time": "10:00", "name": "Jamie", "date": "2026-12-03"}}
    booked = [line for line in tool_lines(page) if "book(" in line]
    assert booked == ["turn 2: book(thursday, 10:00, Jamie, 2026-12-03, [phone ending 0123]) → timeout"]
    say(page, "yes")  # the call has ended: nothing is re-sent
    expect(page.locator("#transcript .caller")).to_have_count(3)
    assert len([line for line in tool_lines(page) if "book(" in line]) == 1


def test_a_card_number_typed_into_the_page_is_masked_on_screen_and_in_the_history(page, service):
    new_call(page)
    say(page, "my card is 4111 1111 1111 1111")
    expect(page.locator("#transcript .caller")).to_have_text("my card is [redacted]")
    assert "4111" not in page.content()
    call_id = page.inner_text("#call-id")
    history = httpx.get(f"{service}/calls/{call_id}", headers=STAFF).json()
    assert "4111" not in json.dumps(history) and history["turns"][0]["user"] == "my card is [redacted]"


def flow_md_nodes(task: str) -> set[str]:
    """The nodes docs/flow.md draws for ``task``'s request, read here with a pattern of this test's own."""
    section = (ROOT / "docs" / "flow.md").read_text().split(f"(`{task}`)", 1)[1].split("```", 2)[1]
    names = set(re.findall(r"(?:^|\s)(\w+)(?=[\[(]|\s*(?:-->|==>)|$)", section, flags=re.M))
    names -= {"flowchart", "TD", "mermaid"}
    return {{"START": "__start__", "END": "__end__"}.get(n, n) for n in names}


BOXES = """() => [...document.querySelectorAll('#flow g.node')].map((g) => {
  const box = g.querySelector('rect').getBoundingClientRect(), text = g.querySelector('text').getBoundingClientRect();
  return {node: g.dataset.node, box: [box.left, box.top, box.right, box.bottom],
          text: [text.left, text.top, text.right, text.bottom]};
})"""


def overlapping(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", [(1400, 900), (1280, 720)])
def test_the_page_draws_the_requests_flow_with_the_step_lit_and_nothing_overlapping(browser, service, size):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{service}/?token={STAFF_TOKEN}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#flow-caption")).to_contain_text("press Start talking, or type")  # how a visitor starts
    expect(page.locator("#start-talking")).to_be_visible()
    new_call(page)
    say(page, "Book me on Monday at ten a m")
    expect(page.locator("#state")).to_have_text("ASK_NAME")
    drawn = page.locator("#flow g.node").evaluate_all("nodes => nodes.map(n => n.dataset.node)")
    assert set(drawn) == flow_md_nodes("book")  # the booking's flow, as docs/flow.md draws it
    expect(page.locator('#flow g.node.current[data-node="ask_name"]')).to_have_count(1)
    expect(page.locator("#flow-caption")).to_contain_text('The call is at "ask_name"')
    boxes = page.evaluate(BOXES)
    for one in boxes:
        a = one["box"]
        assert a[0] <= one["text"][0] and one["text"][2] <= a[2], f"{one['node']}'s label sticks out of its box"
        for other in boxes:
            assert other is one or not overlapping(a, other["box"]), f"{one['node']} overlaps {other['node']}"
    holder = page.locator("#flow-box").bounding_box()
    svg = page.locator("#flow").bounding_box()
    assert holder and svg and svg["x"] + svg["width"] <= holder["x"] + holder["width"] + 1  # all of it in view
    page.close()


def test_staff_pause_and_resume_booking_from_the_page(page, service):
    expect(page.locator("#line-status")).to_have_text("Automated booking is on.")
    page.click("#line-switch")
    expect(page.locator("#line-status")).to_contain_text("paused")
    assert httpx.get(f"{service}/health").json()["paused"] is True  # the switch is the store's, not the page's
    new_call(page)
    say(page, "Book me on Tuesday at ten a m, my name is Jamie")
    expect(page.locator("#transcript .agent").last).to_contain_text("Booking by phone is paused")
    page.click("#line-switch")
    expect(page.locator("#line-status")).to_have_text("Automated booking is on.")
    assert httpx.get(f"{service}/health").json()["paused"] is False
