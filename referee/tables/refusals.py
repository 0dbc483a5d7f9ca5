"""Why the live tables say no, in the tables' own terms.

The service (:mod:`referee.tables.service`) and the repositories refuse with a
:class:`Refused` of one :class:`Refusal` kind: a move the rules forbid, a link
that may not do this, a table that is not there, a table that has moved on. What
each kind is on the wire (an HTTP status) is the views' business
(:mod:`referee.tables.http_status`), so the table logic runs and is tested the
same behind the JSON API, the phones' forms and the command line.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Refusal(StrEnum):
    #: what was asked is not allowed: a move the rules refuse, options that do not work
    INVALID = "invalid"
    #: the caller said who it is not (no link sent)
    NO_CREDENTIALS = "no-credentials"
    #: the caller's link may not do this (another table's, a seat's where the host's is needed)
    NOT_PERMITTED = "not-permitted"
    #: no table has this id
    NOT_FOUND = "not-found"
    #: the table is not where the caller thought: moved on, a key used for another request
    CONFLICT = "conflict"


class Refused(Exception):
    """A refusal: its kind, and a message template (a msgid with ``%(name)s``
    parameters, worded by the view that shows it) naming the field concerned."""

    def __init__(
        self, kind: Refusal, template: str, where: str | None = None, /, **params: Any
    ) -> None:
        self.kind = kind
        self.template = template
        self.field = where
        self.params = params
        #: more members of the answer's error ("version", "rule")
        self.extra: dict[str, Any] = {}
        #: the rule that refused a move ("" for an action no rule knows), counted by
        #: the service; None when no rule refused it (a token, a version)
        self.refused_by: str | None = None
        super().__init__(self.template % params if params else template)
