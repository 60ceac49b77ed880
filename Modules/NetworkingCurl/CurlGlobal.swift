import CCurl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process-wide libcurl set-up, done once before the first handle is created.
enum CurlGlobal {
  /// The result of `curl_global_init`, run on first access.
  ///
  /// Also ignores `SIGPIPE`: with `CURLOPT_NOSIGNAL` set, libcurl no longer does, and a peer closing a
  /// socket mid-write would otherwise kill the process.
  static let initialization: CURLcode = {
    _ = signal(SIGPIPE, SIG_IGN)
    return curl_global_init(kumiki_curl_global_all)
  }()
}
