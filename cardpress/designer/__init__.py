"""The designer's loop: what changed since the last print run, the reprint pack of only
those cards (``diff``), and the card files as spreadsheets (``sheets``)."""
