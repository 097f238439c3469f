"""The toy engine without `outcome` and `provisional_score` (engines may lack them)."""
from api.storage.engines import ModuleEngine
from tests.toy_engine import (  # noqa: F401
    Edition,
    EditionError,
    GameState,
    RulesError,
    apply,
    is_over,
    legal_actions,
    load_edition,
    new_game,
    replay,
    state_from_dict,
    state_to_dict,
    view,
)

ENGINE = ModuleEngine("toy_minimal", __name__)
