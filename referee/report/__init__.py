"""``cardpress report``: what real tables say about a game, beside the bots.

The figures (:mod:`.figures`) come from the referee's database (finished and
abandoned tables, their action logs and counted refusals) and from the same
engines played by the bots (:mod:`.bots`); the PDF (:mod:`.pdf`, plots from
:mod:`.plots`) and the referee's page (:mod:`.page`) show the same figures.
It sits above the tables (it reads their database), beside the referee's pages.
"""
