"""make test's workers: the tests that share a costly session fixture run on one worker."""

from __future__ import annotations

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
