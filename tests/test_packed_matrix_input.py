"""PackedMatrix owns a read-only copy of its words and refuses what is not a packed matrix.

Each refused case names the argument and says what to pass instead (issue 25).
"""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo

WORDS = np.array([[5], [6]], dtype=np.uint64)  # [[1, 0, 1], [0, 1, 1]]


def test_changing_the_callers_array_changes_nothing():
    words = WORDS.copy()
    P = lo.PackedMatrix(words, 3)
    words[0, 0] = 7  # row 0 becomes [1, 1, 1]: rank 2 still, but the rows differ
    words[1, 0] = 7  # now both rows are [1, 1, 1]: rank 1 if P shared the array
    assert lo.rank(P) == 2
    np.testing.assert_array_equal(P.to_dense(), [[1, 0, 1], [0, 1, 1]])
    assert lo.rank(P) == lo.rank(P.to_dense())


def test_the_words_cannot_be_made_writable_again():
    P = lo.PackedMatrix(WORDS, 3)
    for array in (P.words, P.words.base):
        with pytest.raises(ValueError, match="WRITEABLE"):
            array.flags.writeable = True
    with pytest.raises(ValueError, match="read-only"):
        P.words[0, 0] = 0
    np.testing.assert_array_equal(P.words, WORDS)


def test_results_of_the_engine_are_read_only_too():
    R, _ = lo.rref(lo.PackedMatrix(WORDS, 3))
    kernel = lo.null_space(lo.toggle_matrix(4, 4, packed=True))
    for matrix in (R, kernel, lo.toggle_matrix(3, 3, packed=True), R.T):
        with pytest.raises(ValueError, match="WRITEABLE"):
            matrix.words.flags.writeable = True


@pytest.mark.parametrize(
    ("n_cols", "message"),
    [
        (3.0, r"n_cols must be a whole number of columns, not 3\.0 \(float\)"),
        (True, r"n_cols must be a whole number of columns, not True \(bool\)"),
        (np.bool_(True), r"n_cols must be a whole number of columns, not np\.True_"),
        ("3", r"n_cols must be a whole number of columns, not '3' \(str\)"),
        (None, r"n_cols must be a whole number of columns, not None"),
    ],
)
def test_a_column_count_that_is_not_a_whole_number_is_refused(n_cols, message):
    with pytest.raises(TypeError, match=message):
        lo.PackedMatrix(WORDS, n_cols)


def test_a_negative_column_count_is_refused():
    with pytest.raises(ValueError, match="n_cols must be 0 or more, not -1"):
        lo.PackedMatrix(np.zeros((2, 1), np.uint64), -1)


def test_numpy_integer_column_counts_are_accepted_as_int():
    P = lo.PackedMatrix(WORDS, np.int64(3))
    assert P.n_cols == 3 and type(P.n_cols) is int
    assert lo.rank(P) == 2


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ([[1.5]], r"words must hold integers from 0 to 2\^64 - 1.*float64 entries such as 1\.5"),
        ([[1.0]], r"words must hold integers .*float64"),  # integral floats too: no rounding
        (np.array([[True]]), r"words must hold integers .*bool entries such as True"),
        ([[2**64]], r"words must hold integers .*object entries such as 18446744073709551616"),
        ([["1"]], r"words must hold integers .*<U1 entries such as '1'"),
        ([[1], [2, 3]], r"words must be a 2-D array of uint64 words, not list"),
    ],
)
def test_words_that_are_not_unsigned_integers_are_refused_by_type(words, message):
    with pytest.raises(TypeError, match=message):
        lo.PackedMatrix(words, 3)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
def test_negative_words_are_refused_not_wrapped(dtype):
    words = np.array([[5], [-1]], dtype=dtype)  # -1 would wrap to 2^64 - 1: 64 ones
    with pytest.raises(ValueError, match=r"words\[1, 0\] is -1, a negative number"):
        lo.PackedMatrix(words, 3)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64, np.uint32, object])
def test_small_nonnegative_integer_words_of_any_integer_dtype_are_accepted(dtype):
    words = np.array([[5], [6]], dtype=np.int64).astype(dtype)
    if dtype is object:
        with pytest.raises(TypeError, match="object entries"):
            lo.PackedMatrix(words, 3)
        return
    P = lo.PackedMatrix(words, 3)
    assert P.words.dtype == np.uint64
    np.testing.assert_array_equal(P.to_dense(), [[1, 0, 1], [0, 1, 1]])


@pytest.mark.parametrize(
    ("words", "n_cols", "message"),
    [
        (np.zeros((2, 2), np.uint64), 3, r"shape \(rows, 1\) for 3 columns, not \(2, 2\)"),
        (np.zeros(2, np.uint64), 3, r"shape \(rows, 1\) for 3 columns, not \(2,\)"),
        (np.zeros((2, 1), np.uint64), 65, r"shape \(rows, 2\) for 65 columns, not \(2, 1\)"),
        ("abc", 3, r"shape \(rows, 1\) for 3 columns, not \(\)"),
        (np.array([[8]], np.uint64), 3, "bits set past column 2"),
    ],
)
def test_words_of_the_wrong_shape_or_with_stray_bits_are_refused(words, n_cols, message):
    with pytest.raises(ValueError, match=message):
        lo.PackedMatrix(words, n_cols)


def test_empty_matrices_are_still_accepted():
    assert lo.PackedMatrix(np.zeros((0, 1)), 5).shape == (0, 5)  # no entry to be a float
    assert lo.rank(lo.PackedMatrix(np.zeros((3, 1), np.uint64), 0)) == 0
