#ifndef KUMIKI_CCURL_H
#define KUMIKI_CCURL_H

// libcurl for Swift, loaded on first use. Only NetworkingCurl imports this module.
//
// The apps do not link libcurl: its dozens of dependent libraries (TLS, Kerberos, LDAP, SSH…) would be loaded and
// relocated at every start, ~5 ms, before commands that never touch the network (`--version`, `--help`,
// `replay`, `cache status`, a read the response cache answers). `kumiki_curl_load` opens libcurl with dlopen the
// first time a client needs it (the apps' own `libcurl-kumiki.so` beside the executable, which release builds put
// there, else the system's `libcurl.so.4`), resolves the entry points below and runs `curl_global_init`.
//
// The functions here are typed, non-variadic wrappers, so Swift can call them; each forwards to the loaded
// library. `<curl/curl.h>` provides the types and constants only: calling a `curl_*` function directly would
// not link.

#include <curl/curl.h>

// MARK: - Loading

/// Loads libcurl and runs `curl_global_init(CURL_GLOBAL_ALL)`, once per process (later calls return the first
/// result). Returns 0 on success; otherwise `kumiki_curl_load_error` says why. The library is the path in the
/// environment variable `KUMIKI_LIBCURL` when set; else `libcurl-kumiki.so` in the executable's folder when it is
/// there (`Scripts/libcurl` builds it; one that is there but does not load is the error); else `libcurl.so.4`, then
/// `libcurl-gnutls.so.4`.
int kumiki_curl_load(void);

/// Why `kumiki_curl_load` failed (the loader's message), or an empty string when it did not.
const char *kumiki_curl_load_error(void);

/// Starts `kumiki_curl_load` on a detached thread of its own (named `kumiki-curl-load`) and returns at once; a call
/// of `kumiki_curl_load` meanwhile waits for that load rather than starting another. When no thread can be made,
/// nothing happens (the first use loads the library). A process that calls it must not end with `exit` while the load
/// may still run: the exit handlers OpenSSL registers during `curl_global_init` would free what the load is still
/// using (a crash at exit); end it with `_exit` once its output is flushed.
void kumiki_curl_load_in_background(void);

// MARK: - Constants that are macros of macros (not imported by Swift)

static const long kumiki_curlpipe_multiplex = CURLPIPE_MULTIPLEX;
static const int kumiki_curl_error_size = CURL_ERROR_SIZE;

// MARK: - Easy handles (call only after kumiki_curl_load returned 0; the two strerror functions load it themselves)

CURL *kumiki_curl_easy_init(void);
void kumiki_curl_easy_cleanup(CURL *handle);
void kumiki_curl_easy_reset(CURL *handle);
const char *kumiki_curl_easy_strerror(CURLcode code);

CURLcode kumiki_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode kumiki_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode kumiki_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode kumiki_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode kumiki_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode kumiki_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value);

CURLcode kumiki_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode kumiki_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode kumiki_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

// MARK: - Multi handles

CURLM *kumiki_curl_multi_init(void);
CURLMcode kumiki_curl_multi_cleanup(CURLM *multi);
CURLMcode kumiki_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode kumiki_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode kumiki_curl_multi_perform(CURLM *multi, int *running);
CURLMcode kumiki_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms,
                                 int *ready);
CURLMcode kumiki_curl_multi_wakeup(CURLM *multi);
CURLMsg *kumiki_curl_multi_info_read(CURLM *multi, int *remaining);
const char *kumiki_curl_multi_strerror(CURLMcode code);
CURLMcode kumiki_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// A finished transfer's result (it lives in a union Swift does not import).
static inline CURLcode kumiki_msg_result(const CURLMsg *message) {
  return message->data.result;
}

// MARK: - Header lists

struct curl_slist *kumiki_curl_slist_append(struct curl_slist *list, const char *line);
void kumiki_curl_slist_free_all(struct curl_slist *list);

#endif
