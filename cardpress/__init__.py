"""cardpress: card data to print-and-play decks, rule sheets and a referee."""

__version__ = "0.1.0"
