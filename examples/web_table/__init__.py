"""A web table for Crazy Eights and 8 Américain: a few people play together from their browsers.

The server (`server.py`, Starlette served by uvicorn) keeps the tables in memory and speaks
the library's JSON documents; the page (`static/`) is plain HTML, CSS and JavaScript served by
the same server. Run it with ``python -m examples.web_table`` (see
``docs/guides/web-frontend.md``).
"""
