"""A card renamed after printing: its old id still opens its page."""

from __future__ import annotations

from pathlib import Path

from referee import create_app
from tests.conftest import edit


def test_old_id_redirects_to_the_renamed_card(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", 'id = "m1"', 'id = "monet-1"\naliases = ["m1"]')
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "CARDS_DIR": str(cards_copy)})
    client = app.test_client()
    for lang in ("ja", "en"):
        response = client.get(f"/{lang}/c/triptych/m1")
        assert response.status_code == 301
        assert response.headers["Location"] == f"/{lang}/c/triptych/monet-1"
        page = client.get(f"/{lang}/c/triptych/m1", follow_redirects=True)
        assert page.status_code == 200
        assert 'data-card="triptych/monet-1"' in page.get_data(as_text=True)
    assert client.get("/en/c/triptych/m9").status_code == 404
