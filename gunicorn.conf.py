"""gunicorn settings for tablekeeper (read by ``gunicorn "api:create_app()"`` from the repository root).

Stock ``gthread`` workers: a live event stream holds one thread, not a process.  The master applies
pending migrations once before any worker starts (two workers migrating at once would trip over each
other).  Settings are in docs/server.md.
"""
import logging
import os
import signal

bind = os.environ.get("TABLEKEEPER_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("TABLEKEEPER_THREADS", "32"))
timeout = 30
graceful_timeout = 10
# The workers' heartbeat files in memory (gunicorn's advice for containers): on a disk they dirty an inode
# that the SQLite commits' fsyncs then write out too.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
# Above the app's own limits (TABLEKEEPER_MAX_URL 4096, TABLEKEEPER_MAX_HEADER 8190): the app answers problem+json.
limit_request_line = 8190
limit_request_field_size = 16380
# gthread reads at most this much of a body the app left unread before it gives up and closes the
# connection (after the answer already said "keep-alive").  A request that may leave more is told
# "Connection: close" up front: a body announced longer, or a chunked one (its length is unknown).
DRAIN_BYTES = 64 * 1024


def pre_request(worker, req) -> None:  # noqa: ARG001 - gunicorn's hook signature
    """Mark a request whose unread body gunicorn could not drain: its answer says ``Connection: close``."""
    for name, value in req.headers:
        if name == "TRANSFER-ENCODING" or (name == "CONTENT-LENGTH" and (not value.isdigit()
                                                                          or int(value) > DRAIN_BYTES)):
            req.force_close()
            return


def _ignore_file_size_signal() -> None:
    # Past RLIMIT_FSIZE the kernel sends SIGXFSZ, which kills the process; ignored, the write fails with
    # EFBIG and SQLite reports a full disk (answered 503): no worker dies of a storage fault.
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def keep_secrets_out_of_logs() -> None:
    """gunicorn's 400 for a malformed header line quotes the line, which may be an Authorization header;
    an access log (when turned on) shows query strings: both go through `api.web.logs.RedactSecrets`."""
    from api.web.logs import RedactSecrets

    for name in ("gunicorn.error", "gunicorn.access"):
        logging.getLogger(name).addFilter(RedactSecrets())


def on_starting(server) -> None:
    """Apply pending migrations once, in the master, before the workers fork."""
    from api.app import prepare_database
    from api.config import load_config
    from api.storage.db import pin_identity

    _ignore_file_size_signal()
    keep_secrets_out_of_logs()
    cfg = load_config()
    ready = prepare_database(cfg["DATABASE"], int(cfg["BUSY_TIMEOUT_MS"]), auto_migrate=True)
    pin_identity(cfg["DATABASE"])  # workers forked from here refuse any other file at this path
    if ready:
        server.log.info("tablekeeper: database %s ready", cfg["DATABASE"])
    else:  # logged by prepare_database; the workers answer 503 until it is repaired
        server.log.error("tablekeeper: database %s not ready; answering 503 until it is", cfg["DATABASE"])


def post_fork(server, worker) -> None:  # noqa: ARG001 - gunicorn's hook signature
    """Per worker: a file-size limit makes writes fail (503), not kill the worker."""
    _ignore_file_size_signal()


# Python's full (oldest-generation) collection walks every cached game state: ~20 ms of CPU with 50
# games a worker, with every thread of the worker stopped.  With the default thresholds (700, 10, 10)
# one ran every ~5 s at 100 tables, the slowest moves' main cost; the young collections stay as they are.
GC_THRESHOLDS = (700, 10, 1000)


def post_worker_init(worker) -> None:
    """Load the default edition before serving; checkpoint the SQLite WAL off the request path; on
    SIGTERM end this worker's event streams at once, so a restart does not wait out graceful_timeout
    for them (the phones reconnect)."""
    import gc

    from api.storage import checkpoints
    from api.web.games import warm

    app = worker.wsgi
    try:
        warm(app)
    except Exception:  # noqa: BLE001 - a cold worker still serves; it pays on its first request
        worker.log.exception("tablekeeper: warm-up failed")
    gc.freeze()  # what the warm-up loaded stays out of every later collection
    gc.set_threshold(*GC_THRESHOLDS)
    store = app.extensions["tablekeeper"]
    checkpoints.start(store.path)
    previous = signal.getsignal(signal.SIGTERM)

    def stop(sig, frame):
        store.broker.shutdown()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signal.SIGTERM, stop)
