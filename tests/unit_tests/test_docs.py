"""The README is a short page that still answers where things are, and no page of the docs links nowhere.

Read from the files, with a link reader of this test's own (not the docs' generator).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
README = (ROOT / "README.md").read_text()


def headings(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings ("## Where to change what" -> "where-to-change-what")."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    titles = re.findall(r"^#+\s+(.*)$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-") for title in titles}


def links(page: Path) -> list[str]:
    return [target for target in LINK.findall(CODE.sub("", page.read_text())) if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_its_heading(page):
    broken = []
    for target in links(page):
        path, _, heading = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists() or (heading and destination.suffix == ".md"
                                         and heading not in headings(destination)):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)} links to {broken}"


def test_the_reader_sees_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Top\nSee [here](missing.md) and [there](#top), not `[code](nowhere.md)`.\n")
    assert links(page) == ["missing.md", "#top"] and headings(page) == {"top"}


def test_the_readme_is_a_short_page_that_starts_with_the_two_commands():
    assert len(README.splitlines()) <= 150
    first_block = README.split("```")[1]
    assert [line.split()[:2] for line in first_block.strip().splitlines()[1:]] == [["make", "run"], ["make", "test"]]


@pytest.mark.parametrize("question", ["What the agent says", "A parser rule", "A new intent"])
def test_the_readme_says_in_one_line_where_to_change_it_and_the_place_exists(question):
    [line] = [line for line in README.splitlines() if line.startswith(f"* **{question}**")]
    places = re.findall(r"`([\w/.]+/|[\w/]+\.py)`", line)
    missing = [p for p in places if not any((base / p).exists() for base in (ROOT, ROOT / "voicekit" / "nlu"))]
    assert places and not missing, line
