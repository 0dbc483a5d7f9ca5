"""One handler registry per node type, shared by the rule document's renderers.

The PDF typesetter (``cardpress.print.rulesheet``) and the web page
(``referee.rules_html``) both subclass :class:`Renderer` and mark one method
per block type with ``@handles(NodeType)``. Adding a block type to
``cardpress.rules.model.Block`` means one registration per renderer;
:meth:`Renderer.unhandled` names the types a renderer lacks (the tests hold
every renderer to the whole model), and rendering one anyway is an
:class:`UnhandledNode` error naming the node type and the renderer, never a
silently missing paragraph.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar, get_args

from cardpress.rules import model as m

Out = TypeVar("Out")
Handler = Callable[..., Any]

#: every block type a rule document holds, derived from the model's one union
BLOCK_TYPES: tuple[type, ...] = get_args(m.Block)


class UnhandledNode(TypeError):
    """A renderer met a node type it has no handler for."""

    def __init__(self, renderer: type, node: object) -> None:
        super().__init__(
            f"{renderer.__name__} has no handler for {type(node).__name__} nodes: "
            f"register one with @handles({type(node).__name__})"
        )


def handles(*node_types: type) -> Callable[[Handler], Handler]:
    """Mark a renderer method as the handler of ``node_types``."""

    def mark(method: Handler) -> Handler:
        method.__handles__ = node_types  # type: ignore[attr-defined]
        return method

    return mark


class Renderer(Generic[Out]):
    """A renderer whose ``render(node)`` calls the method registered for the node's type.

    The registry is built once per class from its (and its bases') ``@handles``
    methods, so dispatch is a dictionary look-up, not an ``isinstance`` chain.
    """

    _handlers: ClassVar[dict[type, Handler]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[type, Handler] = {}
        for base in reversed(cls.__mro__[1:]):
            handlers.update(getattr(base, "_handlers", {}))
        for attr in vars(cls).values():
            for node_type in getattr(attr, "__handles__", ()):
                handlers[node_type] = attr
        cls._handlers = handlers

    @classmethod
    def unhandled(cls, node_types: tuple[type, ...] = BLOCK_TYPES) -> list[str]:
        """The names of the ``node_types`` this renderer has no handler for."""
        return [t.__name__ for t in node_types if t not in cls._handlers]

    def render(self, node: object, **options: Any) -> Out:
        """``node`` rendered by its type's handler (``options`` passed through)."""
        handler = self._handlers.get(type(node))
        if handler is None:
            raise UnhandledNode(type(self), node)
        return handler(self, node, **options)
