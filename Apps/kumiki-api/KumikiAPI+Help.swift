extension KumikiAPI {
  /// What `kumiki-api --help` says after the usage line: the data served, writes, faults, json-server's flags, who
  /// may call and the limits (the contract in full: Modules/FixtureServer/API.md).
  static let discussion = """
    Serves the bundled gourmet-magazine dataset (every feature folder's fixtures.json, merged; a collection \
    two features declare is an error naming both), or any db.json given with --db, with json-server 0.17 query \
    and write semantics: POST /name creates (201; a missing id is the largest numeric id + 1, or a random \
    string), PUT and PATCH /name/:id replace and merge (the id stays), DELETE /name/:id removes (200 {}); \
    PUT, PATCH and POST on a singular resource (an object, not a list) replace or merge it. An unknown \
    resource or id is 404, a taken id 409, a body that is not a JSON object 400.

    With --db every successful write is saved to that file atomically (a temporary file .NAME.DIGITS.tmp \
    beside it, created 0600, fsync, rename; the file keeps its permission bits), so a restart serves it; \
    without --db writes live in memory until the server stops and the bundled data is never modified. One \
    server per file: kumiki-api holds an advisory lock (flock on .NAME.lock beside the file) while it runs, \
    and a second kumiki-api on the same file exits with 1 at start. Holding the lock, it deletes the \
    temporary files a crash left behind (only names of exactly that pattern). A write body may be nested at \
    most 510 levels (400 beyond), so what is saved always loads again (a db.json may nest 512). \
    --read-only refuses every write with 403; it never saves, so it takes no lock and deletes nothing. \
    A --db that cannot be loaded (not JSON, not an object, over 16 MiB, a directory, a FIFO, a device…) exits \
    with 65 and says why; --reset-db replaces it, first keeping its content as PATH.corrupt-TIME. A write the \
    disk cannot save changes nothing and is answered 507 (disk or quota full) or 500, with the system's reason.

    Faults: --fault rules apply from the start. Clients may inject or switch faults over HTTP (the \
    X-Kumiki-Fault request header, the /__faults routes) only when the server was started with \
    --allow-faults; otherwise both are refused with 403 (--fault does not imply it). Faults apply to writes \
    too (a status or reset fault stops the write; drop-answer does it, then drops its answer); huge-body is at \
    most 64 MiB and is streamed. A write with an Idempotency-Key is done once: its repeat gets the first answer \
    (with another body, 422), even while a status fault is set; with --db the keys are saved in PATH with \
    their writes, in one atomic save (24 h, 1,000 keys). \
    Test-only, and only with --allow-faults: --write-journal FILE appends one JSON line per write applied \
    (chaos runs compare it with what the clients were told; docs/testing.md).

    json-server's own flags: --watch takes in hand edits of the --db file (polled every 250 ms; a file that \
    does not parse is ignored, with one line on stderr, until it does; writes are never lost to a reload), \
    --routes FILE applies json-server rewrite rules ({"/api/*": "/$1"}; GET /__rules lists them), --id names \
    the id field, --foreignKeySuffix the suffix of relation fields (postId: _embed, _expand, nested routes \
    such as /posts/1/comments, the DELETE cascade), --no-cors drops the CORS headers. --static and \
    --snapshots are refused: kumiki-api serves the API only. GET / is a home page listing the resources.

    Who may call: only requests addressed to the server itself (Host 127.0.0.1:PORT, localhost:PORT, \
    [::1]:PORT or the --host; else 421, against DNS rebinding). A write or preflight from another origin \
    than the server's own and those given with --cors ORIGIN is refused with 403 (Origin: null always), \
    and so is a text/plain, form or multipart write without an allowed Origin (what any web page can send): \
    send JSON with Content-Type: application/json. --token-file PATH makes every request prove a run token \
    (written there, 0600; Kumiki-Nonce, Kumiki-Token; answers carry Kumiki-Proof): how the apps' embedded \
    API serves only them.

    Limits: a request's line and headers must arrive within --header-timeout seconds of its first byte \
    (default 10), and a connection silent for --idle-timeout seconds outside a response is closed (default \
    60). FIELD_like regular expressions run on worker threads, at most --regex-time-limit ms of processor \
    time per query (default 1000; more is a 400); so do reads over more than 1000 items, one fewer at once \
    than there are processors (503 with Retry-After: 1 beyond 64 waiting). At most --max-connections \
    connections are served at once (default 256; past it a new one is answered 503 with Retry-After: 1 and \
    closed), and at most 16 requests pipelined on one (the rest: send again on a new connection). A client \
    that closes its side of a connection has gone: its queued requests are not computed. \
    SIGINT or SIGTERM shut the server down gracefully.
    """
}
