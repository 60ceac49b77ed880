// libcurl loaded with dlopen on first use: see include/CCurl.h for why.

#define _GNU_SOURCE  // pthread_setname_np (before any system header)

#include "CCurl.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The entry points Kumiki uses, resolved once by load_once and read-only afterwards.
static struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  void (*easy_reset)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *multi);
  CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_perform)(CURLM *multi, int *running);
  CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready);
  CURLMcode (*multi_wakeup)(CURLM *multi);
  CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
  const char *(*multi_strerror)(CURLMcode code);
  CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
  void (*slist_free_all)(struct curl_slist *list);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[512];

static void fail(const char *what, const char *detail) {
  snprintf(load_error, sizeof load_error, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

// The apps' own libcurl, beside the executable: `/proc/self/exe`'s folder and `libcurl-kumiki.so`, written into `path`.
// False when the executable's path cannot be read or is too long.
static int beside_executable(char *path, size_t size) {
  static const char name[] = "libcurl-kumiki.so";
  ssize_t length = readlink("/proc/self/exe", path, size);
  if (length <= 0 || (size_t)length >= size) return 0;
  path[length] = 0;
  char *slash = strrchr(path, '/');
  if (!slash || (size_t)(slash - path) + sizeof name + 1 > size) return 0;
  memcpy(slash + 1, name, sizeof name);
  return 1;
}

// Which library: `KUMIKI_LIBCURL` when set; else the apps' own libcurl when one is beside the executable (release
// builds put it there: Scripts/libcurl; ~1 ms to load where the system's takes ~4, with its ~30 libraries: see
// Modules/Networking/README.md), which must then load (a broken one is an error naming it, not a silent switch to
// another libcurl); else the system's `libcurl.so.4`, then `libcurl-gnutls.so.4`.
//
// RTLD_LAZY, as the dynamic loader binds a program linked with libcurl (curl itself): the libraries of libcurl's tree
// built without `-z now` (zlib, nghttp2, Kerberos, RTMP, brotli, GMP, libffi) bind a function on its first call.
// RTLD_NOW bound all of theirs while loading, most never called: ~2.6 M more instructions per process (callgrind,
// Benchmarks/README.md, "round 3"). The entry points Kumiki calls are still checked here, by dlsym, before use.
static void *open_library(void) {
  const char *configured = getenv("KUMIKI_LIBCURL");
  if (configured && *configured) return dlopen(configured, RTLD_LAZY | RTLD_LOCAL);
  char own[PATH_MAX];
  if (beside_executable(own, sizeof own) && access(own, F_OK) == 0) {
    void *library = dlopen(own, RTLD_LAZY | RTLD_LOCAL);
    if (!library) fail("cannot load the app's own libcurl (remove it to use the system's)", dlerror());
    return library;
  }
  void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
  if (!library) {
    char first[sizeof load_error];
    snprintf(first, sizeof first, "%s", dlerror());
    library = dlopen("libcurl-gnutls.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
      (void)dlerror();
      fail("cannot load libcurl (install libcurl4)", first);
    }
  }
  return library;
}

#define RESOLVE(field, symbol)                                                                            \
  do {                                                                                                    \
    *(void **)(&api.field) = dlsym(library, symbol);                                                      \
    if (!api.field) {                                                                                     \
      fail("libcurl lacks " symbol, dlerror());                                                           \
      return;                                                                                             \
    }                                                                                                     \
  } while (0)

static void load_once(void) {
  void *library = open_library();
  if (!library) {
    if (!load_error[0]) fail("cannot load libcurl", dlerror());
    return;
  }
  RESOLVE(global_init, "curl_global_init");
  RESOLVE(easy_init, "curl_easy_init");
  RESOLVE(easy_cleanup, "curl_easy_cleanup");
  RESOLVE(easy_reset, "curl_easy_reset");
  RESOLVE(easy_strerror, "curl_easy_strerror");
  RESOLVE(easy_setopt, "curl_easy_setopt");
  RESOLVE(easy_getinfo, "curl_easy_getinfo");
  RESOLVE(multi_init, "curl_multi_init");
  RESOLVE(multi_cleanup, "curl_multi_cleanup");
  RESOLVE(multi_add_handle, "curl_multi_add_handle");
  RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
  RESOLVE(multi_perform, "curl_multi_perform");
  RESOLVE(multi_poll, "curl_multi_poll");
  RESOLVE(multi_wakeup, "curl_multi_wakeup");
  RESOLVE(multi_info_read, "curl_multi_info_read");
  RESOLVE(multi_strerror, "curl_multi_strerror");
  RESOLVE(multi_setopt, "curl_multi_setopt");
  RESOLVE(slist_append, "curl_slist_append");
  RESOLVE(slist_free_all, "curl_slist_free_all");
  CURLcode initialised = api.global_init(CURL_GLOBAL_ALL);
  if (initialised != CURLE_OK) {
    fail("curl_global_init failed", api.easy_strerror(initialised));
    return;
  }
  load_status = 0;
}

int kumiki_curl_load(void) {
  pthread_once(&once, load_once);
  return load_status;
}

const char *kumiki_curl_load_error(void) {
  pthread_once(&once, load_once);
  return load_error;
}

static void *load_on_thread(void *unused) {
  (void)unused;
  (void)kumiki_curl_load();
  return NULL;
}

void kumiki_curl_load_in_background(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, load_on_thread, NULL) != 0) return;  // the first use loads it then
  (void)pthread_setname_np(thread, "kumiki-curl-load");
  (void)pthread_detach(thread);
}

// MARK: - Forwarders

CURL *kumiki_curl_easy_init(void) { return api.easy_init(); }
void kumiki_curl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }
void kumiki_curl_easy_reset(CURL *handle) { api.easy_reset(handle); }
// Error texts may be asked for before any transfer (mapping a code): they load the library if need be.
const char *kumiki_curl_easy_strerror(CURLcode code) {
  return kumiki_curl_load() == 0 ? api.easy_strerror(code) : "libcurl is not available";
}

CURLcode kumiki_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return api.easy_setopt(handle, option, value);
}
CURLcode kumiki_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return api.easy_setopt(handle, option, value);
}
CURLcode kumiki_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return api.easy_setopt(handle, option, value);
}
CURLcode kumiki_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return api.easy_setopt(handle, option, value);
}
CURLcode kumiki_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return api.easy_setopt(handle, option, value);
}
CURLcode kumiki_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode kumiki_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return api.easy_getinfo(handle, info, value);
}
CURLcode kumiki_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return api.easy_getinfo(handle, info, value);
}
CURLcode kumiki_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return api.easy_getinfo(handle, info, value);
}

CURLM *kumiki_curl_multi_init(void) { return api.multi_init(); }
CURLMcode kumiki_curl_multi_cleanup(CURLM *multi) { return api.multi_cleanup(multi); }
CURLMcode kumiki_curl_multi_add_handle(CURLM *multi, CURL *handle) { return api.multi_add_handle(multi, handle); }
CURLMcode kumiki_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return api.multi_remove_handle(multi, handle);
}
CURLMcode kumiki_curl_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode kumiki_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms,
                                 int *ready) {
  return api.multi_poll(multi, extra, count, timeout_ms, ready);
}
CURLMcode kumiki_curl_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }
CURLMsg *kumiki_curl_multi_info_read(CURLM *multi, int *remaining) { return api.multi_info_read(multi, remaining); }
const char *kumiki_curl_multi_strerror(CURLMcode code) {
  return kumiki_curl_load() == 0 ? api.multi_strerror(code) : "libcurl is not available";
}
CURLMcode kumiki_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return api.multi_setopt(multi, option, value);
}

struct curl_slist *kumiki_curl_slist_append(struct curl_slist *list, const char *line) {
  return api.slist_append(list, line);
}
void kumiki_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }
