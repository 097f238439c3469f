"""The baseline for `bench/api_load.py`: a bare Flask app that records a move as one sqlite-utils insert.

    BENCH_BARE_DATABASE=/tmp/bare.db gunicorn -w 2 "bench.bare_app:create_app()"

Same durability as tablekeeper: WAL, ``synchronous=FULL``, one ``BEGIN IMMEDIATE``
transaction per move, so every 200 has reached the disk.  With a ``postgresql://``
URL (``api_load.py --database postgresql``) it inserts the row into PostgreSQL
instead, one autocommitted statement with ``synchronous_commit = on``.  It parses the JSON
body, inserts one row (table, action JSON, time) and answers a small JSON
object: the cost floor of "an HTTP request that durably stores a move".
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time

from flask import Flask, jsonify, request
from sqlite_utils import Database

_local = threading.local()


def _db(path: str) -> Database:
    db = getattr(_local, "db", None)
    if db is None:
        conn = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 10000")
        conn.execute("PRAGMA synchronous = FULL")
        db = _local.db = Database(conn)
    return db


def _pg(url: str):
    conn = getattr(_local, "pg", None)
    if conn is None:
        import psycopg

        conn = _local.pg = psycopg.connect(url, autocommit=True)
        conn.execute("SET synchronous_commit = on")
    return conn


def prepare(path: str) -> None:
    """Create the one table, in WAL mode (run once before the server starts)."""
    if path.startswith("postgresql"):
        import psycopg

        with psycopg.connect(path, autocommit=True) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS moves (id BIGSERIAL PRIMARY KEY, table_id TEXT, action TEXT, "
                         "at DOUBLE PRECISION)")
        return
    db = Database(sqlite3.connect(path, isolation_level=None))
    db.conn.execute("PRAGMA journal_mode = wal")
    db["moves"].create({"id": int, "table_id": str, "action": str, "at": float}, pk="id", if_not_exists=True)
    db.conn.close()


def create_app() -> Flask:
    """The app: ``POST /move/<table>`` stores the body's ``action``; ``GET /api/health`` answers ok."""
    path = os.environ["BENCH_BARE_DATABASE"]
    app = Flask(__name__)

    @app.post("/move/<table>")
    def move(table: str):
        body = request.get_json(force=True)
        if path.startswith("postgresql"):
            _pg(path).execute("INSERT INTO moves (table_id, action, at) VALUES (%s, %s, %s)",
                              (table, json.dumps(body.get("action")), time.time()))
            return jsonify({"ok": True, "table": table})
        db = _db(path)
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            db["moves"].insert({"table_id": table, "action": json.dumps(body.get("action")), "at": time.time()})
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        db.conn.execute("COMMIT")
        return jsonify({"ok": True, "table": table})

    @app.get("/api/health")
    def health():
        return jsonify({"status": "ok"})

    return app
