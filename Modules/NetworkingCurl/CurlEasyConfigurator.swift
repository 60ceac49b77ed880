import CCurl
import Networking

/// Sets an easy handle's options for one transfer. Runs on the driver thread.
struct CurlEasyConfigurator {
  let configuration: CurlConfiguration

  /// Configures `easy` for `transfer` (whose `headerList` it fills). Returns the first failing option's code.
  func configure(_ easy: UnsafeMutableRawPointer, for transfer: CurlTransfer) -> CURLcode {
    let plan = transfer.plan
    var failure = CURLE_OK
    func check(_ code: CURLcode) {
      if failure == CURLE_OK, code != CURLE_OK { failure = code }
    }
    func set(_ option: CURLoption, _ value: Int) {
      check(kumiki_easy_setopt_long(easy, option, value))
    }
    func set(_ option: CURLoption, _ value: String) {
      check(kumiki_easy_setopt_string(easy, option, value))  // libcurl copies strings
    }

    // Where, and back to which transfer.
    set(CURLOPT_URL, plan.urlText)
    check(kumiki_easy_setopt_pointer(easy, CURLOPT_PRIVATE, Unmanaged.passUnretained(transfer).toOpaque()))
    check(kumiki_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, transfer.errorBuffer))
    check(kumiki_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback))
    check(kumiki_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque()))
    check(kumiki_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
    check(kumiki_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, Unmanaged.passUnretained(transfer).toOpaque()))

    // Hygiene: no signals, timeouts, stalled bodies, keep-alive probes, size cap, compressed bodies.
    set(CURLOPT_NOSIGNAL, 1)
    set(CURLOPT_TIMEOUT_MS, plan.timeoutMilliseconds)
    set(CURLOPT_CONNECTTIMEOUT_MS, min(configuration.connectTimeout.curlMilliseconds, plan.timeoutMilliseconds))
    set(CURLOPT_LOW_SPEED_LIMIT, 1)
    set(CURLOPT_LOW_SPEED_TIME, max(1, configuration.stallTimeout.curlMilliseconds / 1_000))
    set(CURLOPT_TCP_KEEPALIVE, 1)
    set(CURLOPT_TCP_KEEPIDLE, 60)
    set(CURLOPT_TCP_KEEPINTVL, 30)
    check(kumiki_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(0, configuration.maxResponseSize))))
    set(CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl was built with: gzip, deflate, br, zstd

    // Protocols, redirects, TLS (verification always on), HTTP/2.
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    set(CURLOPT_FOLLOWLOCATION, configuration.maxRedirects > 0 ? 1 : 0)
    set(CURLOPT_MAXREDIRS, max(0, configuration.maxRedirects))
    set(CURLOPT_SSL_VERIFYPEER, 1)
    set(CURLOPT_SSL_VERIFYHOST, 2)
    if let authorities = configuration.certificateAuthorities { set(CURLOPT_CAINFO, authorities) }
    set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
    // On http:// libcurl learns only from a first response whether it can multiplex, so waiting would
    // serialise a cold fan-out; on https:// ALPN tells it during the handshake.
    if plan.isHTTPS { set(CURLOPT_PIPEWAIT, 1) }

    // Credentials, to their own origin only (a redirect elsewhere goes without them: libcurl's default).
    if let credentials = configuration.credentials, plan.origin == credentials.origin {
      set(CURLOPT_USERNAME, credentials.user)
      set(CURLOPT_PASSWORD, credentials.password)
    }

    // Headers.
    if !plan.hasUserAgent { set(CURLOPT_USERAGENT, configuration.userAgent) }
    var list: UnsafeMutablePointer<curl_slist>?
    for line in plan.headerLines {
      guard let appended = kumiki_curl_slist_append(list, line) else {
        check(CURLE_OUT_OF_MEMORY)
        break
      }
      list = appended
    }
    transfer.headerList = list
    if let list { check(kumiki_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list)) }

    // Method and body.
    if let body = plan.body {
      check(kumiki_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
      body.withUnsafeBytes { bytes in
        // libcurl copies `POSTFIELDSIZE_LARGE` bytes, so the body may hold NULs. An empty body has no
        // base address; any valid pointer does for zero bytes.
        let empty = UnsafeMutableRawPointer(transfer.errorBuffer)
        let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress) ?? empty
        check(kumiki_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, start))
      }
      if plan.method != .post { set(CURLOPT_CUSTOMREQUEST, plan.method.rawValue) }
    } else if plan.method == .head {
      set(CURLOPT_NOBODY, 1)
    } else if plan.method != .get {
      set(CURLOPT_CUSTOMREQUEST, plan.method.rawValue)
    }
    return failure
  }
}
