"""A tiny game that exists only in the tests: it shows that a game's package
alone (engine and spec) gives it a table, a page, a tool and a simulate run."""
