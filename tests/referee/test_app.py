"""The app factory: configuration sources, secret key, limits, wsgi entry."""

from __future__ import annotations

import warnings

import pytest

from referee import create_app
from referee.security import SecretKeyWarning


def test_config_mapping_wins():
    app = create_app({"SECRET_KEY": "from-mapping", "TESTING": True})
    assert app.config["SECRET_KEY"] == "from-mapping"
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    assert app.jinja_env.autoescape is True


def test_secret_key_from_environment(monkeypatch):
    monkeypatch.setenv("CARDPRESS_SECRET_KEY", "from-env")
    app = create_app({"TESTING": True})
    assert app.config["SECRET_KEY"] == "from-env"


def test_development_key_is_kept_in_the_instance_folder(monkeypatch, tmp_path):
    import referee

    monkeypatch.delenv("CARDPRESS_SECRET_KEY", raising=False)
    monkeypatch.setattr(referee, "ROOT", tmp_path)
    with pytest.warns(SecretKeyWarning):
        first = create_app({"TESTING": True})
    key_file = tmp_path / "instance" / "secret_key"
    assert key_file.is_file() and oct(key_file.stat().st_mode & 0o777) == "0o600"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SecretKeyWarning)
        second = create_app({"TESTING": True})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]


def test_instance_config_file(monkeypatch, tmp_path):
    import referee

    monkeypatch.delenv("CARDPRESS_SECRET_KEY", raising=False)
    monkeypatch.setattr(referee, "ROOT", tmp_path)
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text('SECRET_KEY = "from-instance"\n')
    assert create_app({"TESTING": True}).config["SECRET_KEY"] == "from-instance"


def test_wsgi_entry_point(monkeypatch):
    monkeypatch.setenv("CARDPRESS_SECRET_KEY", "wsgi")
    import importlib

    import referee.wsgi

    module = importlib.reload(referee.wsgi)
    assert module.app.test_client().get("/healthz").status_code == 200


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 301
    assert client.get(r.headers["Location"]).status_code == 200
