import CCurl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process-wide libcurl set-up, done once, when the first request needs a driver (not at start-up). Its longest
/// part, loading the library and `curl_global_init`, may have started earlier on a thread of its own
/// (`HTTPClient.loadCurlInBackground()`): then it waits for what is left of that load.
enum CurlGlobal {
  /// `nil` once libcurl is loaded (dlopen, see `CCurl.h`) and `curl_global_init` succeeded; otherwise why not, in
  /// one line ("cannot load libcurl (install libcurl4): libcurl.so.4: cannot open shared object file…").
  ///
  /// Also ignores `SIGPIPE`: with `CURLOPT_NOSIGNAL` set, libcurl no longer does, and a peer closing a
  /// socket mid-write would otherwise kill the process.
  static let failure: String? = {
    _ = signal(SIGPIPE, SIG_IGN)
    guard kumiki_curl_load() == 0 else { return String(cString: kumiki_curl_load_error()) }
    return nil
  }()
}
