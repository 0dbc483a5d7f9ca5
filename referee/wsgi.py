"""WSGI entry point: ``gunicorn referee.wsgi:app`` (or ``'referee:create_app()'``)."""

from referee import create_app

app = create_app()
