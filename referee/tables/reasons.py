"""An engine's reasons inside a refusal, worded by the view that shows it.

The service leaves an engine's refusal or option error in a refusal as an
:class:`~referee.tables.service.EngineReason` (the engine's English); the
JSON API and the phones' pages turn it into the sentence of the reader's
language, cards named as players name them (:func:`referee.tables.words.sentence`),
before they localise the message.
"""

from __future__ import annotations

from referee.tables import words
from referee.tables.service import EngineReason
from referee.validation import ApiError


def worded(error: ApiError) -> ApiError:
    """``error`` with each engine reason it carries worded for the current request."""
    for key, value in error.params.items():
        if isinstance(value, EngineReason):
            error.params[key] = words.sentence(value.game, value.error)
    return error
