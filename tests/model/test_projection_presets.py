"""The ready-made matrices of the Projections panel."""

import math

import pytest

from qk_explorer.model.projection_presets import MatrixPreset, preset_matrix


def test_identity_is_the_identity_of_any_shape():
    assert preset_matrix(MatrixPreset.IDENTITY, 2, 2) == ((1.0, 0.0), (0.0, 1.0))
    assert preset_matrix(MatrixPreset.IDENTITY, 1, 3) == ((1.0, 0.0, 0.0),)


def test_rotation_turns_the_first_plane_anticlockwise_and_keeps_the_rest():
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    m = preset_matrix(MatrixPreset.ROTATION, 3, 3, 30)
    assert m[0] == pytest.approx((c, -s, 0.0)) and m[1] == pytest.approx((s, c, 0.0))
    assert m[2] == (0.0, 0.0, 1.0)
    assert preset_matrix(MatrixPreset.ROTATION, 2, 2, 90) == ((0.0, -1.0), (1.0, 0.0))  # no 6e-17


def test_scaling_and_shear():
    assert preset_matrix(MatrixPreset.SCALING, 2, 2, 3) == ((3.0, 0.0), (0.0, 3.0))
    assert preset_matrix(MatrixPreset.SHEAR, 2, 2, 0.5) == ((1.0, 0.5), (0.0, 1.0))


def test_random_repeats_for_a_seed_and_reads_as_hundredths():
    a = preset_matrix(MatrixPreset.RANDOM, 2, 3, 7)
    assert a == preset_matrix(MatrixPreset.RANDOM, 2, 3, 7)
    assert a != preset_matrix(MatrixPreset.RANDOM, 2, 3, 8)
    assert len(a) == 2 and all(len(row) == 3 for row in a)
    assert all(round(x, 2) == x for row in a for x in row)
