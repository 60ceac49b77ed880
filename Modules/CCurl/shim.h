#ifndef KUMIKI_CCURL_SHIM_H
#define KUMIKI_CCURL_SHIM_H

// Typed, non-variadic wrappers around libcurl's variadic entry points, so Swift can call them.
// Only NetworkingCurl imports this module.

#include <curl/curl.h>

// MARK: - Constants that are macros of macros (not imported by Swift)

static const long kumiki_curl_global_all = CURL_GLOBAL_ALL;
static const long kumiki_curlpipe_multiplex = CURLPIPE_MULTIPLEX;
static const int kumiki_curl_error_size = CURL_ERROR_SIZE;

// MARK: - curl_easy_setopt

static inline CURLcode kumiki_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kumiki_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kumiki_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kumiki_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kumiki_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kumiki_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                         curl_write_callback value) {
  return curl_easy_setopt(handle, option, value);
}

// MARK: - curl_easy_getinfo

static inline CURLcode kumiki_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kumiki_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kumiki_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

// MARK: - curl_multi_setopt

static inline CURLMcode kumiki_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
  return curl_multi_setopt(handle, option, value);
}

// MARK: - CURLMsg (its result lives in a union)

static inline CURLcode kumiki_msg_result(const CURLMsg *message) {
  return message->data.result;
}

#endif
