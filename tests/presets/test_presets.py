import pytest

from torneo.core.errors import NotFound
from torneo.presets import load_preset, preset_ids


def test_every_preset_validates() -> None:
    for preset in preset_ids():
        assert load_preset(preset).id == preset


def test_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(NotFound) as err:
        load_preset("invasion-2099")
    assert err.value.field == "preset"
    assert err.value.accepted
    assert "invasion-it-2012" in err.value.accepted
