"""The README is the front door: short, and every link, command and file it names works.

A newcomer reads it in two minutes (issue 60): at most :data:`MAX_LINES` lines and
:data:`MAX_WORDS` words; everything else lives on the website's pages, which it links. Every
relative link points to a file of the repository, every ``make`` target it names exists in the
Makefile, every repository path it names in backticks exists (those that the commands create,
under ``work/``, ``build/`` and ``dist/``, excepted), and the statement of need comes first.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

README = REPO / "README.md"
MAX_LINES, MAX_WORDS = 120, 1200
#: Paths that the commands create, so need not exist in a fresh clone.
CREATED = ("work/", "build/", "dist/", "handed_in", ".venv")


def text() -> str:
    return README.read_text(encoding="utf-8")


def makefile_targets() -> set[str]:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([\w-]+):", makefile, re.MULTILINE))


def test_the_readme_is_short():
    lines = text().splitlines()
    words = len(re.findall(r"\w+", text()))
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines (at most {MAX_LINES})"
    assert words <= MAX_WORDS, f"README.md has {words} words (at most {MAX_WORDS})"


def test_the_statement_of_need_comes_first():
    first = text().split("\n\n")[1]
    assert "Is A better?" in first and "course" in first and "evalkit" in first


def test_every_relative_link_points_to_a_file():
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text())
    local = [link for link in links if not re.match(r"[a-z]+://", link)]
    assert local, "the README links the course map and the pages"
    missing = [link for link in local if not (REPO / link).exists()]
    assert not missing, f"README.md links to missing files: {missing}"


def test_every_make_target_it_names_exists():
    named = set(re.findall(r"\bmake ([a-z][\w-]*)", text()))
    assert {"lab", "test", "assign", "grade", "html"} <= named
    missing = sorted(named - makefile_targets())
    assert not missing, f"README.md names make targets the Makefile lacks: {missing}"


def test_every_file_it_names_exists():
    named = set(re.findall(r"`((?:[\w.-]+/)+[\w.-]*|[\w-]+\.(?:md|cff|toml|yml|csv|py))`", text()))
    paths = [p for p in named if not p.startswith(CREATED) and "NN" not in p]
    missing = sorted(p for p in paths if not (REPO / p).exists())
    assert not missing, f"README.md names files that do not exist: {missing}"


@pytest.mark.parametrize("page", ["teaching", "developing", "troubleshooting", "benchmarks"])
def test_the_pages_it_sends_readers_to_exist_and_name_real_targets(page):
    source = (REPO / "tools" / "site" / f"{page}.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`make ([a-z][\w-]*)", source))
    missing = sorted(named - makefile_targets())
    assert not missing, f"tools/site/{page}.md names make targets the Makefile lacks: {missing}"


def test_measured_times_live_in_the_benchmarks_not_in_prose():
    # "132 s", "257-409 s of CPU": measured times belong in benchmarks/RESULTS.md
    for path in (README, *sorted((REPO / "tools" / "site").glob("*.md"))):
        source = path.read_text(encoding="utf-8")
        found = re.findall(
            r"\d+\s?s of CPU|\b(?:took|takes|taking)(?: about)? \d+(?:\.\d+)?\s?(?:s|min)\b"
            r"|\b\d+ s, \d+ s\b",
            source,
        )
        assert not found, f"{path.name}: measured times in prose: {found[:5]}"
