"""make test's workers: the tests that share a costly session fixture run on one worker."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

import conftest


def fake_item(nodeid: str, *fixtures: str) -> pytest.Item:
    return SimpleNamespace(nodeid=nodeid, fixturenames=list(fixtures))


def test_the_files_of_a_shared_fixture_form_one_group_and_other_files_their_own():
    assert conftest.worker_group("tests/test_site.py::test_x[1]") == "browser"
    assert conftest.worker_group("tests/test_pdf.py::test_y") == "browser"
    assert conftest.worker_group("tests/test_handouts.py::test_z") == "student-edition"
    assert conftest.worker_group("tests/test_fewest.py::test_a") == "tests/test_fewest.py"
    cell = "notebooks/02_arithmetic_in_gf2.ipynb::Cell 3"
    assert conftest.worker_group(cell) == "notebooks/02_arithmetic_in_gf2.ipynb"


def test_a_new_file_that_uses_a_shared_fixture_is_refused_with_what_to_do():
    conftest.check_shared_fixtures(fake_item("tests/test_site.py::test_x", "course_site"))
    conftest.check_shared_fixtures(fake_item("tests/test_new.py::test_x", "tmp_path"))
    with pytest.raises(pytest.UsageError, match=r"test_new.py::test_x uses .*SHARED\['browser'\]"):
        conftest.check_shared_fixtures(fake_item("tests/test_new.py::test_x", "course_site"))
    with pytest.raises(pytest.UsageError, match="student_repo"):
        conftest.check_shared_fixtures(fake_item("tests/test_site.py::test_x", "student_repo"))


def test_the_site_is_built_once_for_every_worker_that_asks(tmp_path):
    """tests/browser_fixtures.py's course site under pytest-xdist: the first worker builds it;
    one that asks meanwhile waits for that build, not one of its own; after a build that
    failed, the next one builds it again."""
    from tests.browser_fixtures import built_once

    folder = tmp_path / "course-site"
    builds: list[str] = []
    started, finish = threading.Event(), threading.Event()

    def slow_build(root):
        builds.append("slow")
        (root / "site").mkdir()
        started.set()
        assert finish.wait(30)

    first = threading.Thread(target=built_once, args=(folder, slow_build))
    first.start()
    assert started.wait(30)
    waited: list[object] = []
    second = threading.Thread(
        target=lambda: waited.append(built_once(folder, lambda root: builds.append("again")))
    )
    second.start()
    second.join(0.5)
    assert second.is_alive() and waited == []  # the second worker waits for the first build
    finish.set()
    first.join(30)
    second.join(30)
    assert waited == [folder] and builds == ["slow"] and (folder / "site").is_dir()

    other = tmp_path / "other-site"

    def failing(root):
        builds.append("failed")
        raise RuntimeError("the build failed")

    with pytest.raises(RuntimeError, match="the build failed"):
        built_once(other, failing)
    assert built_once(other, lambda root: builds.append("rebuilt")) == other
    assert builds[-2:] == ["failed", "rebuilt"]
